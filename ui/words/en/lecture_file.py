"""The lab's words in English (``ui.words``): the lecture as one HTML file
(``ui/lecture_file.py``; the player ``ui/lecture_file.js`` fills the named fields)."""

WORDS: dict[str, str | tuple[str, str]] = {
    "lecture_file.download": "Download the lecture as one HTML file",
    "lecture_file.help": "Every scene (the lecture's and your own) in one file that plays "
    "offline, from a USB stick or a course page: PageDown steps and opens the next scene, in "
    "this language and notation.",
    "lecture_file.title": "Perceptron Lab: the lecture",
    "lecture_file.needs_app": "This scene is on the lab's {path} page, which needs the app "
    "(a server computes it as you go): this file shows its idea and notes only.",
    "lecture_file.scene_of": "Scene {i} of {n}",
    "lecture_file.keys": "PageDown or → : the next step, then the next scene · PageUp or ← : "
    "back, then the previous scene · S step · V visit · B back · E epoch · F run to end · "
    "X reset · P play · R reveal the answer",
    "lecture_file.reveal": "PageDown or R reveals the answer.",
    "lecture_file.right_is": "The right answer: {letter}.",
    "lecture_file.end": "The end of the lecture.",
    "lecture_file.notes": "In the notes: {notes}",
    "lecture_file.question": "Question: {prompt}",
}
