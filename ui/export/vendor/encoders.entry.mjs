// The export's encoders, bundled into encoders.mjs (npm run build:export): gifenc for the
// GIF, mediabunny's WebM and MP4 muxers over WebCodecs' VideoEncoder for the video. Only
// what ui/export/offer.mjs uses is exported, so esbuild leaves the rest out.
export { GIFEncoder, quantize, applyPalette } from "gifenc";
export {
  Output,
  BufferTarget,
  WebMOutputFormat,
  Mp4OutputFormat,
  EncodedVideoPacketSource,
  EncodedPacket,
} from "mediabunny";
