// Perceptron Lab: the export's encoders at work (ui/export/browser/panel.mjs runs them):
// the GIF by gifenc, the video by WebCodecs' VideoEncoder into mediabunny's muxer (both in
// ``enc``, the bundle of ui/export/vendor/). ``frames.frame(c)`` gives step c's frame (it
// may wait for the server); ``job`` says the progress and stops on Cancel.

import { FRAME, SCALE } from "./draw.mjs";
import { progressSaid } from "./range.mjs";

// The codecs tried for each container, best first: [WebCodecs' codec string, the name said,
// mediabunny's codec name]. H.264 baseline 3.1 holds 1280 x 720.
const CODECS = {
  webm: [
    ["vp09.00.10.08", "VP9", "vp9"],
    ["vp8", "VP8", "vp8"],
  ],
  mp4: [["avc1.42001f", "H.264", "avc"]],
};

// Which video containers this browser can encode at the video's size (null: no WebCodecs).
export async function videoSupport() {
  if (typeof VideoEncoder === "undefined" || typeof VideoFrame === "undefined") return null;
  const width = FRAME.width * SCALE.webm;
  const height = FRAME.height * SCALE.webm;
  const out = { webm: null, mp4: null, configs: {} };
  for (const [container, codecs] of Object.entries(CODECS)) {
    for (const [codec, said, name] of codecs) {
      try {
        const config = { codec, width, height, bitrate: 4_000_000, framerate: 2 };
        if (name === "avc") config.avc = { format: "avc" };
        const answer = await VideoEncoder.isConfigSupported(config);
        if (answer.supported) {
          out[container] = said;
          out.configs[container] = { config, name };
          break;
        }
      } catch {
        // not this codec: the next one
      }
    }
  }
  return out;
}

export async function encodeGif(enc, drawer, order, frames, ms, job) {
  const { width, height } = drawer.canvas;
  const rgba = async (c) => {
    await drawer.draw(c, await frames.frame(c));
    return drawer.ctx.getImageData(0, 0, width, height).data;
  };
  // One palette for the whole GIF, from its first and last pictures held (a chart's
  // colours are few, and the same in every frame): no colour flickers between frames.
  const lastHeld = [...order].reverse().find((c) => frames.held.has(c));
  const first = await job.wait(rgba(order[0]));
  const last = await job.wait(rgba(lastHeld === undefined ? order[0] : lastHeld));
  const sample = new Uint8Array(first.length + last.length);
  sample.set(first);
  sample.set(last, first.length);
  const palette = enc.quantize(sample, 256, { format: "rgb444" });
  const gif = enc.GIFEncoder();
  for (let i = 0; i < order.length; i++) {
    job.check();
    const pixels = i === 0 ? first : await job.wait(rgba(order[i]));
    const index = enc.applyPalette(pixels, palette, "rgb444");
    gif.writeFrame(index, width, height, i === 0 ? { palette, delay: ms, repeat: 0 } : { delay: ms });
    job.say(progressSaid("draw", i + 1, order.length, job.words), i + 1, order.length);
  }
  gif.finish();
  return new Blob([gif.bytes()], { type: "image/gif" });
}

export async function encodeVideo(enc, drawer, order, frames, ms, job, container, support) {
  const { config, name } = support.configs[container];
  const format = container === "mp4" ? new enc.Mp4OutputFormat() : new enc.WebMOutputFormat();
  const output = new enc.Output({ format, target: new enc.BufferTarget() });
  const source = new enc.EncodedVideoPacketSource(name);
  output.addVideoTrack(source, { frameRate: 1000 / ms });
  await output.start();
  let failure = null;
  let added = Promise.resolve();
  const encoder = new VideoEncoder({
    // Packets go to the muxer in the order the encoder gives them (decode order).
    output: (chunk, meta) => {
      added = added.then(() => source.add(enc.EncodedPacket.fromEncodedChunk(chunk), meta));
    },
    error: (err) => {
      failure = err;
    },
  });
  encoder.configure(Object.assign({}, config, { framerate: 1000 / ms }));
  const us = ms * 1000;
  try {
    for (let i = 0; i < order.length; i++) {
      job.check();
      if (failure) throw failure;
      const canvas = await job.wait(drawer.draw(order[i], await frames.frame(order[i])));
      const frame = new VideoFrame(canvas, { timestamp: i * us, duration: us });
      encoder.encode(frame, { keyFrame: i % 30 === 0 });
      frame.close();
      job.say(progressSaid("draw", i + 1, order.length, job.words), i + 1, order.length);
    }
    await job.wait(encoder.flush());
    await job.wait(added);
    if (failure) throw failure;
    job.say(progressSaid("finish", 0, 0, job.words), order.length, order.length);
    await job.wait(output.finalize());
  } catch (err) {
    if (encoder.state !== "closed") encoder.close();
    await output.cancel().catch(() => {});
    throw err;
  }
  encoder.close();
  return new Blob([output.target.buffer], { type: container === "mp4" ? "video/mp4" : "video/webm" });
}
