"""The lab's words in English (``ui.words``): the stage's Export panel. The browser fills
them in (ui/stage/exporter/): the server sends this language's templates with the export's
offer (ui/stage/export.py), and the panel writes the numbers into the named fields."""

WORDS: dict[str, str | tuple[str, str]] = {
    # ------------------------------------------------------- the disclosure (export_hook.js)
    "export.summary": "Export: GIF, video, PNG",
    "export.loading": "Loading the export…",
    "export.load_failed": "The export could not load: {why}",
    # ------------------------------------------------------------ the panel (panel.mjs)
    "export.from": "From step",
    "export.to": "to step",
    "export.from_aria": "From step",
    "export.to_aria": "To step",
    "export.of": "(of {total}; each step is one frame)",
    "export.gif": "GIF",
    "export.webm": "WebM video",
    "export.mp4": "MP4 video",
    "export.png": "PNG of this step (1920 × 1080)",
    "export.progress": "Export progress",
    "export.cancel": "Cancel",
    "export.frames": ("{n} frame", "{n} frames"),
    "export.done": "{name}: {frames}, {kb} KB, made in {seconds} s.",
    "export.cancelled": "Cancelled: no file was made.",
    "export.run_changed": "The run changed (new data or settings): the export stopped, no file "
    "was made.",
    "export.failed": "The export failed: {why}",
    "export.late": "The server did not send the frames in time: is it reachable?",
    "export.none_sent": "The server sent none of the frames asked for.",
    "export.unpainted": "a frame's picture could not be drawn",
    # ------------------------------------------------------------- the range (range.mjs)
    "export.not_whole": "From and To are whole step numbers, 0 to {total}.",
    "export.from_outside": "From must be a step of this run: 0 to {total}.",
    "export.to_before": "To ({to}) comes before From ({from}).",
    "export.run_ends": "The run ends at step {total}: exporting up to there.",
    "export.capped": "{n} steps asked; an export holds at most {max}: exporting steps {from} "
    "to {to}.",
    "export.and": "{list} and {last}",
    "export.formats": "This browser makes {made}.",
    "export.formats_not": "This browser makes {made}; not {missing}.",
    "export.formats_neither": "This browser makes {made}; not {webm} nor {mp4}.",
    "export.formats_no_video": "This browser makes GIF and PNG; it has no video encoder "
    "(WebCodecs), so no video.",
    "export.no_webm": "WebM (it cannot encode VP9 or VP8)",
    "export.no_mp4": "MP4 (it cannot encode H.264)",
    "export.waiting": "Waiting for the server's frame of step {step}",
    "export.drawing": "Drawing and encoding frame {done} of {total}",
    "export.writing": "Writing the file",
    # ------------------------------------------------------- beside the chart (draw.mjs)
    "export.step": "Step {step}",
}
