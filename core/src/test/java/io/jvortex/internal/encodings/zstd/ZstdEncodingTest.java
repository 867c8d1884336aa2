package io.jvortex.internal.encodings.zstd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.alp.SegmentBuilder;
import io.jvortex.internal.encodings.alp.SegmentBuilder.Node;
import io.jvortex.internal.encodings.alp.SegmentBuilder.Proto;
import io.jvortex.internal.encodings.varbin.Golden;
import io.jvortex.internal.encodings.varbin.TestData;
import io.jvortex.testing.Seeds;
import io.jvortex.internal.zstd.Zstd;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@code vortex.zstd} nodes assembled in the test: primitives (which the Rust compact writer does not
 * pick), dictionaries (which it does not train), validity scatter, strings from hand-made frames, and
 * every corrupt-metadata error.
 */
class ZstdEncodingTest {
    private static final DType.Primitive I64 = new DType.Primitive(PType.I64, false);

    private static byte[] resource(String name) {
        try {
            return Files.readAllBytes(Golden.path("zstd/" + name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] decompress(byte[] frame, int size) {
        byte[] out = new byte[size];
        assertThat(Zstd.decompress(MemorySegment.ofArray(frame), MemorySegment.ofArray(out))).isEqualTo(size);
        return out;
    }

    /** A zstd frame holding {@code content} in raw blocks (single segment, 4-byte content size). */
    static byte[] rawFrame(byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd, (byte) 0xa0});
        out.writeBytes(le(content.length, 4));
        int pos = 0;
        do {
            int n = Math.min(content.length - pos, 1 << 17);
            boolean last = pos + n == content.length;
            out.writeBytes(le(((long) n << 3) | (last ? 1 : 0), 3));
            out.write(content, pos, n);
            pos += n;
        } while (pos < content.length);
        return out.toByteArray();
    }

    private static byte[] le(long v, int bytes) {
        byte[] b = new byte[bytes];
        for (int i = 0; i < bytes; i++) {
            b[i] = (byte) (v >>> (8 * i));
        }
        return b;
    }

    /** Length-prefixed records of the non-null values, as the Rust writer lays them out. */
    static byte[] records(List<byte[]> values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] v : values) {
            if (v != null) {
                out.writeBytes(le(v.length, 4));
                out.writeBytes(v);
            }
        }
        return out.toByteArray();
    }

    private static Proto metadata(long dictionarySize, long[]... frames) {
        Proto m = Proto.message();
        if (dictionarySize != 0) {
            m.varint(1, dictionarySize);
        }
        for (long[] f : frames) {
            Proto fm = Proto.message().varint(1, f[0]);
            if (f[1] != 0) {
                fm.varint(2, f[1]);
            }
            m.message(2, fm);
        }
        return m;
    }

    private static Node zstd(Proto metadata, List<byte[]> buffers, boolean[] validity) {
        return new Node(ZstdEncoding.ID, metadata.build(), buffers,
                validity == null ? List.of() : List.of(SegmentBuilder.bool(validity)));
    }

    @Test
    void primitiveWithoutNullsDecompressesInPlace() {
        byte[] frame = resource("ints_level3.zst");
        byte[] expected = decompress(frame, 24000);
        Canonical c = SegmentBuilder.decode(zstd(metadata(0, new long[] {24000, 3000}), List.of(frame), null), I64, 3000);
        assertThat(((PrimitiveArray) c).values().toArray(ValueLayout.JAVA_BYTE)).isEqualTo(expected);
    }

    @Test
    void oldMetadataWithoutValueCountsStillDecodes() {
        byte[] frame = resource("ints_level3.zst");
        Canonical c = SegmentBuilder.decode(zstd(metadata(0, new long[] {24000, 0}), List.of(frame), null), I64, 3000);
        assertThat(((PrimitiveArray) c).values().toArray(ValueLayout.JAVA_BYTE)).isEqualTo(decompress(frame, 24000));
    }

    @Test
    void primitiveValuesAreScatteredToValidRows() {
        byte[] frame = resource("ints_level3.zst");
        MemorySegment packed = MemorySegment.ofArray(decompress(frame, 24000));
        SplittableRandom rnd = Seeds.random("primitiveValuesAreScatteredToValidRows");
        int length = 4000;
        boolean[] valid = new boolean[length];
        int[] chosen = rnd.ints(0, length).distinct().limit(3000).sorted().toArray();
        for (int i : chosen) {
            valid[i] = true;
        }
        DType.Primitive dtype = new DType.Primitive(PType.I64, true);
        PrimitiveArray p = (PrimitiveArray) SegmentBuilder.decode(
                zstd(metadata(0, new long[] {24000, 3000}), List.of(frame), valid), dtype, length);
        int k = 0;
        for (int i = 0; i < length; i++) {
            assertThat(p.isValid(i)).isEqualTo(valid[i]);
            if (valid[i]) {
                assertThat(p.getLong(i)).as("row %d", i).isEqualTo(packed.get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * k++));
            } else {
                assertThat(p.getLong(i)).isZero();
            }
        }
    }

    @Test
    void framesSharingATrainedDictionary() {
        byte[] dictionary = resource("dict_trained.bin");
        List<byte[]> frames = List.of(resource("dict_trained_rec500_level1.zst"), resource("dict_trained_rec501_level19.zst"),
                resource("dict_trained_rec555_level3.zst"));
        int[] sizes = frames.stream().mapToInt(f -> (int) Zstd.frameContentSize(MemorySegment.ofArray(f))).toArray();
        int total = Arrays.stream(sizes).sum();
        Zstd decoder = Zstd.decoder(MemorySegment.ofArray(dictionary));
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (int i = 0; i < 3; i++) {
            byte[] out = new byte[sizes[i]];
            decoder.decode(MemorySegment.ofArray(frames.get(i)), MemorySegment.ofArray(out));
            all.writeBytes(out);
        }
        byte[] packed = all.toByteArray();
        // u8 values, a null after every seventh valid row.
        int length = total + 36;
        boolean[] valid = new boolean[length];
        int nulls = 0;
        for (int i = 0; i < length; i++) {
            valid[i] = !(i % 8 == 7 && nulls < 36);
            nulls += valid[i] ? 0 : 1;
        }
        List<byte[]> buffers = new ArrayList<>();
        buffers.add(dictionary);
        buffers.addAll(frames);
        Node node = zstd(metadata(dictionary.length, new long[] {sizes[0], sizes[0]}, new long[] {sizes[1], sizes[1]},
                new long[] {sizes[2], sizes[2]}), buffers, valid);
        PrimitiveArray p = (PrimitiveArray) SegmentBuilder.decode(node, new DType.Primitive(PType.U8, true), length);
        int k = 0;
        for (int i = 0; i < length; i++) {
            if (valid[i]) {
                assertThat(p.getLong(i)).as("row %d", i).isEqualTo(packed[k++] & 0xFF);
            }
        }
        assertThat(k).isEqualTo(total);
    }

    @Test
    void stringsFromLengthPrefixedRecords() {
        List<byte[]> values = new ArrayList<>(TestData.utf8("", "short", "exactly12byt", "thirteen byte", "a much longer value",
                "ж€😀 multi-byte", "x"));
        values.add(3, null);
        values.add(null);
        byte[] content = records(values);
        Node node = zstd(metadata(0, new long[] {content.length, 7}), List.of(rawFrame(content)), TestData.validity(values));
        Canonical c = SegmentBuilder.decode(node, new DType.Utf8(true), values.size());
        assertThat(c).isInstanceOf(VarBinViewArray.class);
        TestData.assertValues(c, values);
    }

    @Test
    void stringsSplitOverFramesAndManyRows() {
        SplittableRandom rnd = Seeds.random("stringsSplitOverFramesAndManyRows");
        List<byte[]> values = TestData.strings(rnd, 20_000, 0.3, 40, TestData.Alphabet.UNICODE);
        List<byte[]> buffers = new ArrayList<>();
        Proto m = Proto.message();
        int from = 0;
        while (from < values.size()) {
            int to = Math.min(values.size(), from + 1 + rnd.nextInt(8192));
            List<byte[]> part = values.subList(from, to);
            byte[] content = records(part);
            buffers.add(rawFrame(content));
            m.message(2, Proto.message().varint(1, content.length)
                    .varint(2, part.stream().filter(v -> v != null).count()));
            from = to;
        }
        boolean[] validity = TestData.validity(values);
        boolean anyValidFrame = values.stream().anyMatch(v -> v != null);
        Node node = new Node(ZstdEncoding.ID, m.build(), buffers, List.of(SegmentBuilder.bool(validity)));
        Canonical c = SegmentBuilder.decode(node, new DType.Utf8(true), values.size());
        assertThat(anyValidFrame).isTrue();
        TestData.assertValues(c, values);
    }

    @Test
    void binaryAcceptsAnyBytesButUtf8Validates() {
        List<byte[]> values = List.of(new byte[] {(byte) 0xff, (byte) 0xfe}, "ok".getBytes(StandardCharsets.UTF_8));
        byte[] content = records(values);
        Node node = zstd(metadata(0, new long[] {content.length, 2}), List.of(rawFrame(content)), null);
        TestData.assertValues(SegmentBuilder.decode(node, new DType.Binary(false), 2), values);
        assertThatThrownBy(() -> SegmentBuilder.decode(node, new DType.Utf8(false), 2))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("value 0 (row 0) is not valid UTF-8");
    }

    @Test
    void allNullColumnsHaveNoFrames() {
        boolean[] none = new boolean[10];
        Canonical s = SegmentBuilder.decode(zstd(metadata(0), List.of(), none), new DType.Utf8(true), 10);
        assertThat(TestData.values(s)).containsOnlyNulls().hasSize(10);
        PrimitiveArray p = (PrimitiveArray) SegmentBuilder.decode(zstd(metadata(0), List.of(), none),
                new DType.Primitive(PType.I32, true), 10);
        assertThat(p.validity().nullCount(10)).isEqualTo(10);
    }

    @Test
    void lengthPrefixBeyondTheDataFails() {
        byte[] content = records(TestData.utf8("abc", "defgh"));
        content[4 + 3] = 100;
        Node node = zstd(metadata(0, new long[] {content.length, 2}), List.of(rawFrame(content)), null);
        assertThatThrownBy(() -> SegmentBuilder.decode(node, new DType.Utf8(false), 2))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("value 1 (row 1) has length 100 at byte 7 but only 5 bytes follow");
    }

    @Test
    void bytesLeftAfterTheValuesFail() {
        byte[] content = records(TestData.utf8("abc", "defgh", "extra"));
        Node node = zstd(metadata(0, new long[] {content.length, 0}), List.of(rawFrame(content)), null);
        assertThatThrownBy(() -> SegmentBuilder.decode(node, new DType.Utf8(false), 2))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("hold 9 bytes after the 2 valid values");
    }

    @Test
    void tooFewValuesFail() {
        byte[] content = records(TestData.utf8("abc"));
        Node node = zstd(metadata(0, new long[] {content.length, 0}), List.of(rawFrame(content)), null);
        assertThatThrownBy(() -> SegmentBuilder.decode(node, new DType.Utf8(false), 2))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("end after 1 of 2 values");
    }

    @Test
    void valueCountsThatDisagreeWithValidityFail() {
        byte[] frame = resource("ints_level3.zst");
        assertThatThrownBy(() -> SegmentBuilder.decode(zstd(metadata(0, new long[] {24000, 2999}), List.of(frame), null),
                I64, 3000))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("frames hold 2999 values (n_values), but 3000 of the 3000 rows are valid");
    }

    @Test
    void primitiveSizesThatDisagreeWithTheRowsFail() {
        byte[] frame = resource("ints_level3.zst");
        assertThatThrownBy(() -> SegmentBuilder.decode(zstd(metadata(0, new long[] {24000, 0}), List.of(frame), null),
                I64, 2999))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("frames decompress to 24000 bytes, expected 23992");
    }

    @Test
    void frameSizeThatDisagreesWithTheFrameFails() {
        byte[] frame = resource("ints_level3.zst");
        Node node = zstd(metadata(0, new long[] {16000, 0}, new long[] {8000, 0}), List.of(frame, frame), null);
        assertThatThrownBy(() -> SegmentBuilder.decode(node, I64, 3000))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("frame 0: zstd: frame content size 24000 exceeds the 16000 bytes left");
    }

    @Test
    void bufferCountMustMatchTheFrames() {
        byte[] frame = resource("ints_level3.zst");
        assertThatThrownBy(() -> SegmentBuilder.decode(zstd(metadata(0, new long[] {24000, 3000}), List.of(frame, frame),
                null), I64, 3000))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("has 2 buffers, expected 1");
    }

    @Test
    void dictionarySizeMustMatchItsBuffer() {
        byte[] dictionary = resource("dict_trained.bin");
        byte[] frame = resource("dict_trained_rec500_level1.zst");
        int size = (int) Zstd.frameContentSize(MemorySegment.ofArray(frame));
        Node node = zstd(metadata(dictionary.length + 1, new long[] {size, size}), List.of(dictionary, frame), null);
        assertThatThrownBy(() -> SegmentBuilder.decode(node, new DType.Primitive(PType.U8, false), size))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("buffer 0 has " + dictionary.length + " bytes, expected " + (dictionary.length + 1));
    }

    @Test
    void corruptFramesNameTheFrameAndTheByte() {
        byte[] frame = resource("ints_level3.zst").clone();
        frame[frame.length - 20] ^= 0x5a;
        frame[frame.length - 200] ^= 0x11;
        Node node = zstd(metadata(0, new long[] {24000, 3000}), List.of(frame), null);
        assertThatThrownBy(() -> SegmentBuilder.decode(node, I64, 3000))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("frame 0: zstd:")
                .hasMessageContaining("frame byte")
                .satisfies(e -> assertThat(((VortexException) e).byteOffset()).isPositive());
    }

    @Test
    void unsupportedDTypesFail() {
        assertThatThrownBy(() -> SegmentBuilder.decode(zstd(metadata(0), List.of(), null), new DType.Bool(false), 0))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("cannot hold");
    }

    @Test
    void manyRowsOfEveryWidth() {
        SplittableRandom rnd = Seeds.random("manyRowsOfEveryWidth");
        for (PType ptype : new PType[] {PType.U8, PType.I16, PType.F32, PType.I64}) {
            int length = 70_000;
            int w = ptype.byteWidth();
            boolean[] valid = new boolean[length];
            int validCount = 0;
            for (int i = 0; i < length; i++) {
                valid[i] = rnd.nextInt(10) != 0;
                validCount += valid[i] ? 1 : 0;
            }
            byte[] packed = new byte[validCount * w];
            rnd.nextBytes(packed);
            Node node = zstd(metadata(0, new long[] {packed.length, validCount}), List.of(rawFrame(packed)), valid);
            PrimitiveArray p = (PrimitiveArray) SegmentBuilder.decode(node, new DType.Primitive(ptype, true), length);
            MemorySegment values = p.values();
            int k = 0;
            for (int i = 0; i < length; i++) {
                byte[] got = values.asSlice((long) i * w, w).toArray(ValueLayout.JAVA_BYTE);
                if (valid[i]) {
                    assertThat(got).as("%s row %d", ptype, i).isEqualTo(Arrays.copyOfRange(packed, k * w, k * w + w));
                    k++;
                } else {
                    assertThat(got).as("%s null row %d", ptype, i).containsOnly(0);
                }
            }
        }
    }
}
