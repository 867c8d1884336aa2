package io.jvortex.internal.zstd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.array.TestSupport;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Frames from {@link ZstdCompressor} decode byte-exact with our decoder (which checks every length,
 * offset, table and stream end); libzstd decoding the same frames is checked in conformance through
 * the Rust reader.
 */
class ZstdCompressorTest {
    private static final String[] WORDS = {"the", "quick", "brown", "fox", "jumps", "over", "a", "lazy", "dog",
        "vortex", "columnar", "file", "format", "zstandard", "entropy", "Huffman", "table", "sequence", "literal",
        "match", "offset", "repeat", "window", "block", "frame", "χ", "日本語", "naïve"};

    enum Kind { RANDOM, TEXT, REPETITIVE, RUNS, SKEWED, TINY_ALPHABET, MIXED }

    static byte[] generate(SplittableRandom r, Kind kind, int size) {
        byte[] out = new byte[size];
        switch (kind) {
            case RANDOM -> r.nextBytes(out);
            case TEXT -> {
                StringBuilder sb = new StringBuilder(size + 32);
                while (sb.length() < size) {
                    sb.append(WORDS[r.nextInt(WORDS.length)]);
                    int k = r.nextInt(20);
                    sb.append(k == 0 ? "\n" : k == 1 ? ", " : k == 2 ? Integer.toString(r.nextInt(100_000)) : " ");
                }
                byte[] text = sb.toString().getBytes(StandardCharsets.UTF_8);
                System.arraycopy(text, 0, out, 0, size);
            }
            case REPETITIVE -> {
                byte[] pattern = new byte[1 + r.nextInt(300)];
                r.nextBytes(pattern);
                for (int i = 0; i < size; i++) {
                    out[i] = r.nextInt(500) == 0 ? (byte) r.nextInt() : pattern[i % pattern.length];
                }
            }
            case RUNS -> {
                int i = 0;
                while (i < size) {
                    int n = Math.min(size - i, 1 + r.nextInt(r.nextBoolean() ? 8 : 5000));
                    Arrays.fill(out, i, i + n, (byte) r.nextInt(4));
                    i += n;
                }
            }
            case SKEWED -> {
                // Geometric symbol frequencies over all 256 values: Huffman codes must be length-limited.
                for (int i = 0; i < size; i++) {
                    int s = 0;
                    while (s < 255 && r.nextInt(4) != 0) {
                        s++;
                    }
                    out[i] = (byte) ((s * 37) & 0xFF);
                }
            }
            case TINY_ALPHABET -> {
                int symbols = 2 + r.nextInt(2);
                for (int i = 0; i < size; i++) {
                    out[i] = (byte) ('a' + r.nextInt(symbols));
                }
            }
            case MIXED -> {
                int i = 0;
                Kind[] kinds = {Kind.RANDOM, Kind.TEXT, Kind.REPETITIVE, Kind.RUNS, Kind.SKEWED, Kind.TINY_ALPHABET};
                while (i < size) {
                    int n = Math.min(size - i, 1 + r.nextInt(70_000));
                    byte[] part = generate(r, kinds[r.nextInt(kinds.length)], n);
                    System.arraycopy(part, 0, out, i, n);
                    i += n;
                }
            }
        }
        return out;
    }

    private static void roundTrip(ZstdCompressor c, byte[] input, String what) {
        byte[] frame = c.compress(input, 0, input.length);
        assertThat(Zstd.frameContentSize(MemorySegment.ofArray(frame))).as(what).isEqualTo(input.length);
        assertThat((long) frame.length).as(what).isLessThanOrEqualTo(ZstdCompressor.maxCompressedSize(input.length));
        byte[] back = new byte[input.length];
        long n = Zstd.decompress(MemorySegment.ofArray(frame), MemorySegment.ofArray(back));
        assertThat(n).as(what).isEqualTo(input.length);
        if (!Arrays.equals(back, input)) {
            int at = Arrays.mismatch(back, input);
            throw new AssertionError(what + ": first difference at byte " + at + " of " + input.length);
        }
    }

    @Test
    void everyKindAtBoundarySizesRoundTrips() {
        SplittableRandom r = TestSupport.random("ZstdCompressorTest.everyKindAtBoundarySizes");
        int[] sizes = {0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 255, 256, 257, 1023, 1024, 1025,
            4095, 4096, 16383, 16384, 65535, 65536, 65791, 65792, 131071, 131072, 131073, 262143, 262145};
        ZstdCompressor plain = new ZstdCompressor();
        ZstdCompressor checked = new ZstdCompressor(true, 3);
        for (Kind kind : Kind.values()) {
            for (int size : sizes) {
                byte[] input = generate(r, kind, size);
                roundTrip(plain, input, kind + " " + size);
                roundTrip(checked, input, kind + " " + size + " with checksum");
            }
        }
    }

    @Test
    void randomSizesUpToFewMegabytesRoundTrip() {
        SplittableRandom r = TestSupport.random("ZstdCompressorTest.randomSizes");
        ZstdCompressor c = new ZstdCompressor();
        for (int i = 0; i < 34; i++) {
            Kind kind = Kind.values()[r.nextInt(Kind.values().length)];
            int size = i < 30 ? r.nextInt(300_000) : r.nextInt(3 << 20);
            roundTrip(c, generate(r, kind, size), "case " + i + ": " + kind + " " + size);
        }
    }

    @Test
    void inputsBeyondTheSingleSegmentLimitUseAWindowAndRoundTrip() {
        SplittableRandom r = TestSupport.random("ZstdCompressorTest.largeWindowed");
        byte[] input = generate(r, Kind.MIXED, (9 << 20) + 12345);
        // Make matches reach far back: repeat an early stretch near the end.
        System.arraycopy(input, 1000, input, input.length - 300_000, 200_000);
        ZstdCompressor c = new ZstdCompressor(true, ZstdCompressor.DEFAULT_SEARCH_DEPTH);
        byte[] frame = c.compress(input, 0, input.length);
        assertThat(frame[4] & 0x20).as("single-segment flag").isZero();
        roundTrip(c, input, "9 MiB mixed");
    }

    @Test
    void reusedCompressorsAndSlicesAndSegmentsGiveTheSameFrames() {
        SplittableRandom r = TestSupport.random("ZstdCompressorTest.reuse");
        byte[] text = generate(r, Kind.TEXT, 50_000);
        byte[] padded = new byte[text.length + 20];
        System.arraycopy(text, 0, padded, 7, text.length);
        ZstdCompressor c = new ZstdCompressor();
        byte[] first = c.compress(text, 0, text.length);
        c.compress(generate(r, Kind.RANDOM, 200_000), 0, 200_000);
        assertThat(c.compress(padded, 7, text.length)).isEqualTo(first);
        assertThat(c.compress(MemorySegment.ofArray(text))).isEqualTo(first);
        assertThat(new ZstdCompressor().compress(text, 0, text.length)).isEqualTo(first);
    }

    /** What a frame's blocks are made of: block type, literals type, literals size format, sequence modes. */
    record BlockShape(int type, int literalsType, int sizeFormat, int modes) {
    }

    static List<BlockShape> shapes(byte[] frame) {
        int fhd = frame[4] & 0xFF;
        boolean single = (fhd & 0x20) != 0;
        int fcsFlag = fhd >>> 6;
        int p = 5 + (single ? 0 : 1) + (fcsFlag == 0 ? (single ? 1 : 0) : 1 << fcsFlag);
        List<BlockShape> out = new ArrayList<>();
        while (true) {
            int h = (frame[p] & 0xFF) | (frame[p + 1] & 0xFF) << 8 | (frame[p + 2] & 0xFF) << 16;
            int type = (h >>> 1) & 3;
            int size = h >>> 3;
            p += 3;
            if (type != 2) {
                out.add(new BlockShape(type, -1, -1, -1));
                p += type == 1 ? 1 : size;
            } else {
                int q = p;
                int b0 = frame[q] & 0xFF;
                int litType = b0 & 3;
                int sf = (b0 >>> 2) & 3;
                if (litType < 2) {
                    int lh = (sf & 1) == 0 ? 1 : sf == 1 ? 2 : 3;
                    long v = 0;
                    for (int k = 0; k < lh; k++) {
                        v |= (frame[q + k] & 0xFFL) << (8 * k);
                    }
                    int lit = (int) (lh == 1 ? b0 >>> 3 : v >>> 4);
                    q += lh + (litType == 0 ? lit : 1);
                } else {
                    int lh = sf < 2 ? 3 : sf == 2 ? 4 : 5;
                    long v = 0;
                    for (int k = 0; k < lh; k++) {
                        v |= (frame[q + k] & 0xFFL) << (8 * k);
                    }
                    int comp = (int) (sf < 2 ? (v >>> 14) & 0x3FF : sf == 2 ? (v >>> 18) & 0x3FFF : (v >>> 22) & 0x3FFFF);
                    q += lh + comp;
                }
                int nb = frame[q++] & 0xFF;
                int modes = -1;
                if (nb != 0) {
                    q += nb < 128 ? 0 : nb < 255 ? 1 : 2;
                    modes = frame[q] & 0xFF;
                }
                out.add(new BlockShape(type, litType, sf, modes));
                p += size;
            }
            if ((h & 1) != 0) {
                return out;
            }
        }
    }

    @Test
    void blocksAreRawRleOrCompressedAsTheDataDeserves() {
        SplittableRandom r = TestSupport.random("ZstdCompressorTest.blockShapes");
        ZstdCompressor c = new ZstdCompressor();
        assertThat(shapes(c.compress(generate(r, Kind.RANDOM, 300_000), 0, 300_000)))
                .extracting(BlockShape::type).containsExactly(0, 0, 0);
        byte[] same = new byte[140_000];
        Arrays.fill(same, (byte) 7);
        assertThat(shapes(c.compress(same, 0, same.length))).extracting(BlockShape::type).containsExactly(1, 1);
        byte[] empty = c.compress(new byte[0], 0, 0);
        assertThat(shapes(empty)).containsExactly(new BlockShape(0, -1, -1, -1));

        List<BlockShape> text = shapes(c.compress(generate(r, Kind.TEXT, 200_000), 0, 200_000));
        assertThat(text).hasSize(2).allSatisfy(b -> {
            assertThat(b.type()).isEqualTo(2);
            assertThat(b.literalsType()).as("Huffman literals").isEqualTo(2);
            assertThat(b.sizeFormat()).as("four streams (14- or 18-bit sizes)").isIn(2, 3);
        });
        // Big blocks fit their own literal-length / offset / match-length tables.
        assertThat(text.get(0).modes()).isEqualTo(0b10_10_10_00);

        byte[] small = "the quick brown fox jumps over the lazy dog; the quick brown fox jumps over the lazy cat"
                .getBytes(StandardCharsets.UTF_8);
        List<BlockShape> tiny = shapes(c.compress(small, 0, small.length));
        assertThat(tiny).hasSize(1);
        assertThat(tiny.get(0).type()).isEqualTo(2);
        // Two sequences are cheapest with the predefined tables.
        assertThat(tiny.get(0).modes() & 0b11_11_11_00).isIn(0, 0b01_01_01_00, 0b00_01_00_00, 0b01_00_01_00,
                0b01_01_00_00, 0b00_00_01_00, 0b01_00_00_00, 0b00_01_01_00);
        roundTrip(c, small, "small text");

        byte[] shortText = generate(r, Kind.TEXT, 600);
        List<BlockShape> one = shapes(c.compress(shortText, 0, shortText.length));
        roundTrip(c, shortText, "short text");
        assertThat(one.get(0).literalsType()).isIn(0, 2);
    }

    @Test
    void textCompressesWell() {
        SplittableRandom r = TestSupport.random("ZstdCompressorTest.ratio");
        byte[] text = generate(r, Kind.TEXT, 1 << 20);
        byte[] frame = new ZstdCompressor().compress(text, 0, text.length);
        // 28 words and some numbers: an order-0 coder alone gets ~1.7x; matches must do much better.
        assertThat((double) text.length / frame.length).isGreaterThan(3.0);
        byte[] runs = generate(r, Kind.REPETITIVE, 1 << 20);
        assertThat(new ZstdCompressor().compress(runs, 0, runs.length).length).isLessThan(runs.length / 20);
    }

    @Test
    void checksumFlagAndTrailerArePresentOnlyWhenAsked() {
        byte[] data = "checksum me, checksum me, checksum me".getBytes(StandardCharsets.UTF_8);
        byte[] with = new ZstdCompressor(true, 8).compress(data, 0, data.length);
        byte[] without = new ZstdCompressor(false, 8).compress(data, 0, data.length);
        assertThat(with[4] & 0x04).isEqualTo(4);
        assertThat(without[4] & 0x04).isZero();
        assertThat(with.length).isEqualTo(without.length + 4);
        int stored = (with[with.length - 4] & 0xFF) | (with[with.length - 3] & 0xFF) << 8
                | (with[with.length - 2] & 0xFF) << 16 | (with[with.length - 1] & 0xFF) << 24;
        assertThat(stored).isEqualTo((int) XxHash64.hash(data, 0, data.length, 0));
    }

    @Test
    void misuseIsRejected() {
        ZstdCompressor c = new ZstdCompressor();
        assertThatThrownBy(() -> new ZstdCompressor(false, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("searchDepth");
        assertThatThrownBy(() -> c.compress((byte[]) null, 0, 0)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("src");
        assertThatThrownBy(() -> c.compress(new byte[4], 2, 3)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> c.compress((MemorySegment) null)).isInstanceOf(NullPointerException.class);
    }
}
