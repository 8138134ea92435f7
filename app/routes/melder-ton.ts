/**
 * `/melder/ton.wav`: the notifier's ring, made here (nothing downloaded): two short tones
 * (880 Hz, then 1320 Hz), 16-bit mono PCM at 16 kHz, with soft edges so nothing clicks.
 */
const RATE = 16_000;

function ring(): Buffer {
  const tones = [
    { hz: 880, seconds: 0.18 },
    { hz: 0, seconds: 0.06 },
    { hz: 1320, seconds: 0.28 },
  ];
  const samples: number[] = [];
  for (const tone of tones) {
    const count = Math.round(tone.seconds * RATE);
    for (let i = 0; i < count; i++) {
      const edge = Math.min(1, i / 160, (count - i) / 160);
      const value = tone.hz === 0 ? 0 : Math.sin((2 * Math.PI * tone.hz * i) / RATE) * 0.6 * edge;
      samples.push(Math.round(value * 32767));
    }
  }
  const bytes = Buffer.alloc(44 + samples.length * 2);
  bytes.write("RIFF", 0, "ascii");
  bytes.writeUInt32LE(36 + samples.length * 2, 4);
  bytes.write("WAVE", 8, "ascii");
  bytes.write("fmt ", 12, "ascii");
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(RATE, 24);
  bytes.writeUInt32LE(RATE * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write("data", 36, "ascii");
  bytes.writeUInt32LE(samples.length * 2, 40);
  samples.forEach((sample, index) => bytes.writeInt16LE(sample, 44 + index * 2));
  return bytes;
}

const RING = new Uint8Array(ring());

export const loader = () =>
  new Response(RING, {
    headers: {
      "Content-Type": "audio/wav",
      "Content-Length": String(RING.length),
      "Cache-Control": "public, max-age=86400",
    },
  });
