package io.jvortex.internal.encodings.bitpacked;

import static io.jvortex.internal.encodings.bitpacked.FastLanesGolden.le;
import static io.jvortex.internal.encodings.bitpacked.FastLanesGolden.normalize;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.Golden;
import io.jvortex.array.TestNodes;
import io.jvortex.array.TestNodes.Node;
import io.jvortex.array.TestNodes.Proto;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BitPackedEncodingTest {
    private static final int N = 2500;
    private static final PType[] INTEGERS = {PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16,
                                             PType.I32, PType.I64};
    private final Arena arena = Arena.ofAuto();

    // ---- Rust-written columns (golden/bitpacked/bitpacked.vortex)

    private static List<Object> plain(int salt, int width, PType ptype) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            long v = i == 7 ? 0 : i == 100 ? (1L << width) - 1 : Golden.mod(Golden.h(salt, i), 1L << width);
            out.add(normalize(v, ptype));
        }
        return out;
    }

    private static List<Object> patched(int salt, int width, int bigBits, int every, PType ptype) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            long v = Golden.mod(Golden.h(salt + 1, i), every) == 0
                    ? (1L << bigBits) + Golden.mod(Golden.h(salt + 2, i), 1L << bigBits)
                    : Golden.mod(Golden.h(salt, i), 1L << width);
            out.add(normalize(i == 7 ? 0 : v, ptype));
        }
        return out;
    }

    private static List<Object> withNulls(int salt, List<Object> values, int every) {
        List<Object> out = new ArrayList<>(values);
        for (int i = 0; i < out.size(); i++) {
            if (Golden.mod(Golden.h(salt, i), every) == 0) {
                out.set(i, null);
            }
        }
        return out;
    }

    private static void assertColumn(String column, List<Object> expected, String tree) {
        assertThat(FastLanesGolden.trees("bitpacked/bitpacked.vortex", column)).contains(tree);
        assertThat(Golden.column("bitpacked/bitpacked.vortex", column)).as(column).isEqualTo(expected);
    }

    @Test
    void goldenWidthsAndTypes() {
        assertColumn("u8_w3", plain(1, 3, PType.U8), "fastlanes.bitpacked");
        assertColumn("i8_w6", plain(2, 6, PType.I8), "fastlanes.bitpacked");
        assertColumn("u16_w11", plain(3, 11, PType.U16), "fastlanes.bitpacked");
        assertColumn("i16_w13", plain(4, 13, PType.I16), "fastlanes.bitpacked");
        assertColumn("u32_w17", plain(5, 17, PType.U32), "fastlanes.bitpacked");
        assertColumn("i32_w1", plain(6, 1, PType.I32), "fastlanes.bitpacked");
        assertColumn("u64_w50", plain(7, 50, PType.U64), "fastlanes.bitpacked");
        assertColumn("i64_w40", plain(8, 40, PType.I64), "fastlanes.bitpacked");
    }

    @Test
    void goldenPatchesAndValidity() {
        String patches = "fastlanes.bitpacked(vortex.primitive, vortex.primitive, vortex.primitive)";
        assertColumn("i64_patched", patched(10, 4, 40, 50, PType.I64), patches);
        assertColumn("u16_patched", patched(20, 3, 15, 40, PType.U16), patches);
        assertColumn("u64_patched", patched(30, 5, 63, 60, PType.U64), patches);
        assertColumn("i32_nullable", withNulls(41, plain(40, 10, PType.I32), 5), "fastlanes.bitpacked(vortex.bool)");
        assertColumn("i64_nullable_patched", withNulls(51, patched(50, 6, 33, 45, PType.I64), 4),
                "fastlanes.bitpacked(vortex.primitive, vortex.primitive, vortex.primitive, vortex.bool)");
    }

    /** Slices of the Rust-packed buffers (offset != 0, patches with an offset, sliced validity), decoded by Rust. */
    @ParameterizedTest
    @ValueSource(strings = {"u16_w11_offset1001", "u16_w11_offset1023_len1", "u16_w11_offset1", "i8_w6_offset1023",
                            "u64_w50_chunk1_offset6", "i64_patched_offset1001", "i64_patched_chunk1_offset6",
                            "u16_patched_offset500", "i32_nullable_offset500", "i64_nullable_patched_offset77"})
    void goldenSlicedSegments(String name) {
        FastLanesGolden.Expected expected = FastLanesGolden.expected("bitpacked/" + name);
        Canonical out = Golden.segment("bitpacked/" + name, expected.dtype(), expected.rows().size(), arena);
        assertThat(TestSupport.rows(out)).isEqualTo(expected.rows());
    }

    // ---- hand-built arrays against a naive decoder

    /** One generated array: its node and the rows a naive decoder gives. */
    private record Case(Node node, DType.Primitive dtype, int length, List<Object> rows) {
    }

    /**
     * Packs {@code physical} (offset + length values, already masked) chunk by chunk and lays
     * patches and validity over the logical rows.
     */
    private static Case build(PType ptype, int bitWidth, int offset, long[] logical, TreeMap<Integer, Long> patches,
                              boolean[] validity, PType indexType, long patchOffset, SplittableRandom rnd) {
        int length = logical.length;
        int chunks = (offset + length + 1023) / 1024;
        long mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
        long[] physical = new long[chunks * 1024];
        for (int i = 0; i < physical.length; i++) {
            physical[i] = rnd.nextLong() & mask; // garbage around the logical rows
        }
        for (int i = 0; i < length; i++) {
            physical[offset + i] = logical[i] & mask;
        }
        byte[] packed = pack(ptype, bitWidth, physical, chunks);
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            Long p = patches == null ? null : patches.get(i);
            long v = p != null ? p : physical[offset + i];
            rows.add(validity != null && !validity[i] ? null : normalize(v, ptype));
        }
        Proto md = Proto.message().varint(1, bitWidth);
        if (offset != 0) {
            md.varint(2, offset);
        }
        List<Node> children = new ArrayList<>();
        if (patches != null) {
            long[] idx = patches.keySet().stream().mapToLong(k -> k + patchOffset).toArray();
            long[] vals = patches.values().stream().mapToLong(Long::longValue).toArray();
            md.bytes(3, Proto.message().varint(1, idx.length).varint(2, patchOffset).varint(3, indexType.id()).build());
            children.add(TestNodes.primitive(le(idx, indexType.byteWidth())));
            children.add(TestNodes.primitive(le(vals, ptype.byteWidth())));
        }
        if (validity != null) {
            children.add(TestNodes.bools(validity));
        }
        Node node = Node.of(BitPackedEncoding.ID, md.build(), List.of(packed), children.toArray(Node[]::new));
        return new Case(node, new DType.Primitive(ptype, validity != null), length, rows);
    }

    static byte[] pack(PType ptype, int bitWidth, long[] physical, int chunks) {
        long chunkBytes = FastLanesBitPacking.packedBytesPerChunk(bitWidth);
        MemorySegment out = MemorySegment.ofArray(new byte[(int) (chunks * chunkBytes)]);
        for (int c = 0; c < chunks; c++) {
            long[] chunk = Arrays.copyOfRange(physical, c * 1024, c * 1024 + 1024);
            switch (ptype.byteWidth()) {
                case 1 -> {
                    byte[] in = new byte[1024];
                    for (int i = 0; i < 1024; i++) {
                        in[i] = (byte) chunk[i];
                    }
                    FastLanesBitPacking.pack8(in, 0, bitWidth, out, c * chunkBytes);
                }
                case 2 -> {
                    short[] in = new short[1024];
                    for (int i = 0; i < 1024; i++) {
                        in[i] = (short) chunk[i];
                    }
                    FastLanesBitPacking.pack16(in, 0, bitWidth, out, c * chunkBytes);
                }
                case 4 -> {
                    int[] in = new int[1024];
                    for (int i = 0; i < 1024; i++) {
                        in[i] = (int) chunk[i];
                    }
                    FastLanesBitPacking.pack32(in, 0, bitWidth, out, c * chunkBytes);
                }
                default -> FastLanesBitPacking.pack64(chunk, 0, bitWidth, out, c * chunkBytes);
            }
        }
        return out.toArray(ValueLayout.JAVA_BYTE);
    }

    private Case randomCase(SplittableRandom rnd, PType ptype, int length, int offset, int bitWidth, int patchMode,
                            int nullMode) {
        long[] logical = new long[length];
        for (int i = 0; i < length; i++) {
            logical[i] = rnd.nextLong();
        }
        TreeMap<Integer, Long> patches = null;
        if (patchMode > 0 && length > 0) {
            patches = new TreeMap<>();
            int[] edges = {0, length - 1, 1023 - offset, 1024 - offset, 2047 - offset, 2048 - offset};
            for (int e : edges) {
                if (e >= 0 && e < length) {
                    patches.put(e, rnd.nextLong());
                }
            }
            for (int k = rnd.nextInt(1 + length / 50); k > 0; k--) {
                patches.put(rnd.nextInt(length), rnd.nextLong());
            }
            if (patchMode == 2) {
                for (int i = 0; i < length; i++) {
                    patches.put(i, rnd.nextLong());
                }
            }
        }
        boolean[] validity = null;
        if (nullMode > 0) {
            validity = new boolean[length];
            for (int i = 0; i < length; i++) {
                validity[i] = nullMode == 1 || (nullMode == 2 && rnd.nextInt(3) != 0);
            }
        }
        PType indexType = length + 1000L <= 255 ? PType.U8 : length + 1000L <= 65535 ? PType.U16
                : rnd.nextBoolean() ? PType.U32 : PType.U64;
        long patchOffset = rnd.nextBoolean() ? 0 : rnd.nextInt(1000);
        return build(ptype, bitWidth, offset, logical, patches, validity, indexType, patchOffset, rnd);
    }

    @Test
    void edgeLengthsOffsetsWidthsPatchesAndNulls() {
        SplittableRandom rnd = TestSupport.random("BitPackedEncodingTest.edgeLengthsOffsetsWidthsPatchesAndNulls");
        int cases = 0;
        for (PType ptype : INTEGERS) {
            int t = ptype.bitWidth();
            for (int length : new int[] {0, 1, 1023, 1024, 1025, 3000}) {
                for (int offset : new int[] {0, 1, 1023}) {
                    for (int bitWidth : new int[] {0, t, 1 + rnd.nextInt(t - 1)}) {
                        int patchMode = rnd.nextInt(3);
                        int nullMode = rnd.nextInt(4); // none (no child), all valid, some, all null
                        Case c = randomCase(rnd, ptype, length, offset, bitWidth, patchMode, nullMode);
                        Canonical out = TestNodes.decode(c.node(), c.dtype(), c.length(), arena);
                        assertThat(TestSupport.rows(out)).as("%s len %d offset %d width %d patches %d nulls %d",
                                ptype, length, offset, bitWidth, patchMode, nullMode).isEqualTo(c.rows());
                        cases++;
                    }
                }
            }
        }
        assertThat(cases).isEqualTo(8 * 6 * 3 * 3);
    }

    @Test
    void randomArrays() {
        SplittableRandom rnd = TestSupport.random("BitPackedEncodingTest.randomArrays");
        for (int iter = 0; iter < 200; iter++) {
            PType ptype = INTEGERS[rnd.nextInt(INTEGERS.length)];
            int length = rnd.nextInt(4) == 0 ? rnd.nextInt(5000) : rnd.nextInt(40);
            int offset = rnd.nextInt(1024);
            Case c = randomCase(rnd, ptype, length, offset, rnd.nextInt(ptype.bitWidth() + 1), rnd.nextInt(2),
                    rnd.nextInt(4));
            assertThat(TestSupport.rows(TestNodes.decode(c.node(), c.dtype(), c.length(), arena)))
                    .as("iteration %d %s len %d offset %d", iter, ptype, length, offset).isEqualTo(c.rows());
        }
    }

    // ---- frame of reference over bit-packing (decoded fused: the reference is added while unpacking)

    @Test
    void frameOfReferenceOverBitPackedWithOffsetsPatchesAndNulls() {
        SplittableRandom rnd = TestSupport.random("BitPackedEncodingTest.frameOfReferenceOverBitPacked");
        for (int iter = 0; iter < 300; iter++) {
            PType ptype = INTEGERS[iter % INTEGERS.length];
            int t = ptype.bitWidth();
            int length = switch (rnd.nextInt(4)) {
                case 0 -> rnd.nextInt(40);
                case 1 -> 1024 * (1 + rnd.nextInt(3));
                default -> rnd.nextInt(5000);
            };
            int offset = rnd.nextBoolean() ? 0 : rnd.nextInt(1024);
            int bitWidth = iter < 8 * (t + 1) ? iter / 8 % (t + 1) : rnd.nextInt(t + 1);
            Case c = randomCase(rnd, ptype, length, offset, bitWidth, rnd.nextInt(3), rnd.nextInt(4));
            long reference = rnd.nextInt(4) == 0 ? -1L : rnd.nextLong();
            long typeMask = t == 64 ? -1L : (1L << t) - 1;
            long stored = ptype.isSigned() ? reference << (64 - t) >> (64 - t) : reference & typeMask;
            byte[] metadata = ptype.isSigned() ? TestNodes.Sv.i64(stored) : TestNodes.Sv.u64(stored);
            Node forNode = Node.of(io.jvortex.internal.encodings.frameofreference.FrameOfReferenceEncoding.ID, metadata,
                    List.of(), c.node());
            List<Object> expected = new ArrayList<>();
            for (Object row : c.rows()) {
                expected.add(row == null ? null : normalize(((Number) row).longValue() + reference, ptype));
            }
            Canonical out = TestNodes.decode(forNode, c.dtype(), c.length(), arena);
            assertThat(out.dtype()).isEqualTo(c.dtype());
            assertThat(TestSupport.rows(out)).as("iteration %d %s len %d offset %d width %d reference %d", iter,
                    ptype, length, offset, bitWidth, stored).isEqualTo(expected);

            // point access through the same tree: ascending positions, duplicates allowed
            int[] indices = new int[length == 0 ? 0 : rnd.nextInt(Math.min(length, 300) + 1)];
            for (int k = 0; k < indices.length; k++) {
                indices[k] = rnd.nextInt(length);
            }
            Arrays.sort(indices);
            List<Object> expectedTaken = new ArrayList<>();
            for (int index : indices) {
                expectedTaken.add(expected.get(index));
            }
            Canonical taken = new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 30)
                    .take(TestNodes.parse(forNode, arena), c.dtype(), c.length(), indices);
            assertThat(TestSupport.rows(taken)).as("take, iteration %d", iter).isEqualTo(expectedTaken);
        }
    }

    // ---- take: rows read one by one, from a copy of their chunk's words, or from the unpacked chunk

    /** A case's node and rows, under a frame of reference when {@code reference} is not 0. */
    private record Framed(Node node, List<Object> rows) {
    }

    private static Framed framed(Case c, PType ptype, long reference) {
        if (reference == 0) {
            return new Framed(c.node(), c.rows());
        }
        long stored = normalize(reference, ptype);
        byte[] metadata = ptype.isSigned() ? TestNodes.Sv.i64(stored) : TestNodes.Sv.u64(stored);
        List<Object> rows = new ArrayList<>();
        for (Object row : c.rows()) {
            rows.add(row == null ? null : normalize(((Number) row).longValue() + reference, ptype));
        }
        return new Framed(Node.of(io.jvortex.internal.encodings.frameofreference.FrameOfReferenceEncoding.ID,
                metadata, List.of(), c.node()), rows);
    }

    @Test
    void takeAtEveryDensityPerChunk() {
        SplittableRandom rnd = TestSupport.random("BitPackedEncodingTest.takeAtEveryDensityPerChunk");
        // rows per chunk: scattered reads (below 4), the copied words (4..63), the unpacked chunk (64 on)
        int[] perChunk = {1, 3, 4, 10, 63, 64, 200, 1024};
        for (PType ptype : INTEGERS) {
            int t = ptype.bitWidth();
            for (int bitWidth : new int[] {1, 1 + rnd.nextInt(t), t}) {
                int offset = new int[] {0, 1, 1023, rnd.nextInt(1024)}[rnd.nextInt(4)];
                int length = 3000 + rnd.nextInt(200);
                Case c = randomCase(rnd, ptype, length, offset, bitWidth, rnd.nextInt(2), rnd.nextInt(3));
                long reference = rnd.nextBoolean() ? 0 : rnd.nextLong();
                Framed framed = framed(c, ptype, reference);
                Node node = framed.node();
                List<Object> rows = framed.rows();
                for (int per : perChunk) {
                    // per rows (with a duplicate now and then) in each of the node's chunks
                    List<Integer> picked = new ArrayList<>();
                    for (int chunkStart = -offset; chunkStart < length; chunkStart += 1024) {
                        int from = Math.max(0, chunkStart);
                        int to = Math.min(length, chunkStart + 1024);
                        for (int k = 0; k < per; k++) {
                            picked.add(from + rnd.nextInt(to - from));
                        }
                    }
                    int[] indices = picked.stream().mapToInt(Integer::intValue).sorted().toArray();
                    List<Object> expected = new ArrayList<>();
                    for (int index : indices) {
                        expected.add(rows.get(index));
                    }
                    Canonical taken = new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 30)
                            .take(TestNodes.parse(node, arena), c.dtype(), length, indices);
                    assertThat(TestSupport.rows(taken)).as("%s width %d offset %d reference %d, %d per chunk", ptype,
                            bitWidth, offset, reference, per).isEqualTo(expected);
                }
            }
        }
    }

    /**
     * Ranges of consecutive rows (unpacked straight into the output when 64 or more fall in one chunk):
     * whole chunks, partial chunks, ranges across chunk boundaries, next to scattered rows and
     * duplicates, at every offset kind, with and without a frame of reference, patches and nulls.
     */
    @Test
    void takeOfConsecutiveRowsMatchesTheRows() {
        SplittableRandom rnd = TestSupport.random("BitPackedEncodingTest.takeOfConsecutiveRowsMatchesTheRows");
        for (PType ptype : INTEGERS) {
            int t = ptype.bitWidth();
            for (int bitWidth : new int[] {1, 1 + rnd.nextInt(t), t}) {
                int offset = new int[] {0, 1, 1023, rnd.nextInt(1024)}[rnd.nextInt(4)];
                int length = 4000 + rnd.nextInt(300);
                Case c = randomCase(rnd, ptype, length, offset, bitWidth, rnd.nextInt(2), rnd.nextInt(3));
                long reference = rnd.nextBoolean() ? 0 : rnd.nextLong();
                Framed framed = framed(c, ptype, reference);
                Node node = framed.node();
                List<Object> rows = framed.rows();
                for (int round = 0; round < 6; round++) {
                    java.util.TreeMap<Integer, Integer> picked = new java.util.TreeMap<>();
                    for (int r = 0; r < 1 + rnd.nextInt(4); r++) {
                        // a range: a whole chunk of the node, or any start and size
                        int from;
                        int size;
                        if (rnd.nextBoolean()) {
                            from = Math.max(0, (1 + rnd.nextInt(3)) * 1024 - offset);
                            size = Math.min(length - from, 1024);
                        } else {
                            from = rnd.nextInt(length);
                            size = Math.min(length - from, new int[] {63, 64, 65, 300, 1500}[rnd.nextInt(5)]);
                        }
                        for (int k = from; k < from + size; k++) {
                            picked.merge(k, 1, Integer::sum);
                        }
                    }
                    for (int k = 0; k < rnd.nextInt(6); k++) {
                        picked.merge(rnd.nextInt(length), 1, Integer::sum); // scattered rows or duplicates
                    }
                    if (rnd.nextBoolean()) {
                        // a gap and a duplicate in a range: as many rows as the range spans, not consecutive
                        Integer gap = picked.higherKey(rnd.nextInt(length));
                        if (gap != null && picked.remove(gap) != null) {
                            Integer twice = picked.lowerKey(gap);
                            picked.merge(twice == null ? picked.firstKey() : twice, 1, Integer::sum);
                        }
                    }
                    int[] indices = picked.entrySet().stream()
                            .flatMapToInt(e -> java.util.stream.IntStream.generate(e::getKey).limit(e.getValue()))
                            .toArray();
                    List<Object> expected = new ArrayList<>();
                    for (int index : indices) {
                        expected.add(rows.get(index));
                    }
                    Canonical taken = new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 30)
                            .take(TestNodes.parse(node, arena), c.dtype(), length, indices);
                    assertThat(TestSupport.rows(taken)).as("%s width %d offset %d reference %d, round %d", ptype,
                            bitWidth, offset, reference, round).isEqualTo(expected);
                }
            }
        }
    }

    // ---- the encoded form a filter compares (packed chunks, unpacked one at a time next to the compare)

    /** The naive filter: the valid rows whose value compares true, as the type orders them. */
    private static List<Integer> naiveFilter(List<Object> rows, PType ptype, io.jvortex.expr.Expr.Op op, long literal) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i) == null) {
                continue;
            }
            long v = ((Number) rows.get(i)).longValue();
            int cmp = ptype == PType.U64 ? Long.compareUnsigned(v, literal) : Long.compare(v, literal);
            boolean keep = switch (op) {
                case EQ -> cmp == 0;
                case NE -> cmp != 0;
                case LT -> cmp < 0;
                case LE -> cmp <= 0;
                case GT -> cmp > 0;
                case GE -> cmp >= 0;
            };
            if (keep) {
                out.add(i);
            }
        }
        return out;
    }

    @Test
    void encodedFormFiltersAndDecodesLikeTheRows() {
        SplittableRandom rnd = TestSupport.random("BitPackedEncodingTest.encodedFormFiltersAndDecodesLikeTheRows");
        int[] lengths = {0, 1, 1023, 1024, 1025, 2049, 4096};
        for (int iter = 0; iter < 400; iter++) {
            PType ptype = INTEGERS[iter % INTEGERS.length];
            int t = ptype.bitWidth();
            int length = iter < 2 * lengths.length * INTEGERS.length ? lengths[iter / INTEGERS.length % lengths.length]
                    : rnd.nextInt(5000);
            int offset = switch (rnd.nextInt(4)) {
                case 0 -> 0;
                case 1 -> 1;
                case 2 -> 1023;
                default -> rnd.nextInt(1024);
            };
            int bitWidth = rnd.nextInt(5) == 0 ? (rnd.nextBoolean() ? 0 : t) : 1 + rnd.nextInt(t);
            Case c = randomCase(rnd, ptype, length, offset, bitWidth, rnd.nextInt(3), rnd.nextInt(4));
            // a frame of reference over it half the time: small (compared in the packed domain) or any
            // (may wrap: the form then declines and the filter decodes)
            boolean withReference = rnd.nextBoolean();
            long reference = !withReference ? 0 : rnd.nextBoolean() ? rnd.nextInt(2001) - 1000 : rnd.nextLong();
            long stored = normalize(reference, ptype);
            Node node = c.node();
            List<Object> rows = c.rows();
            if (withReference) {
                byte[] metadata = ptype.isSigned() ? TestNodes.Sv.i64(stored) : TestNodes.Sv.u64(stored);
                node = Node.of(io.jvortex.internal.encodings.frameofreference.FrameOfReferenceEncoding.ID, metadata,
                        List.of(), c.node());
                rows = new ArrayList<>();
                for (Object row : c.rows()) {
                    rows.add(row == null ? null : normalize(((Number) row).longValue() + reference, ptype));
                }
            }
            io.jvortex.spi.EncodedForm form = new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 30)
                    .encodedForm(TestNodes.parse(node, arena), c.dtype(), length);
            assertThat(form).isInstanceOf(PackedChunks.class);
            // the whole rows, then a slice at an odd place
            int start = iter % 3 == 0 || length == 0 ? 0 : rnd.nextInt(length);
            int len = iter % 3 == 0 ? length : rnd.nextInt(length - start + 1);
            PackedChunks slice = ((PackedChunks) form).slice(start, len);
            List<Object> expected = rows.subList(start, start + len);
            String what = String.format("iteration %d %s len %d offset %d width %d reference %d slice %d+%d", iter,
                    ptype, length, offset, bitWidth, stored, start, len);
            assertThat(TestSupport.rows(slice.decode())).as("decode, " + what).isEqualTo(expected);

            long mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
            long[] literals = {stored, stored - 1, stored + 1, stored + mask, stored + mask + 1, stored + (mask >>> 1),
                len > 0 && expected.get(len / 2) != null ? ((Number) expected.get(len / 2)).longValue() : 0,
                rnd.nextLong(), 0, -1, Long.MIN_VALUE, Long.MAX_VALUE};
            DType.Struct schema = new DType.Struct(List.of("x"), List.of(c.dtype()), false);
            for (int k = 0; k < 4; k++) {
                long literal = normalize(literals[rnd.nextInt(literals.length)], ptype);
                io.jvortex.expr.Expr.Op op = io.jvortex.expr.Expr.Op.values()[rnd.nextInt(6)];
                io.jvortex.expr.BoundPredicate bound = new io.jvortex.expr.Expr.Compare(op, io.jvortex.expr.Expr.col("x"),
                        io.jvortex.expr.Expr.lit(new io.jvortex.scalar.Scalar(new DType.Primitive(ptype, false), literal)))
                        .bind(schema);
                List<Integer> selected = new ArrayList<>();
                for (int row : new io.jvortex.expr.Evaluator(bound)
                        .select(col -> new io.jvortex.expr.Evaluator.Values.Encoded(slice), len).indices()) {
                    selected.add(row);
                }
                assertThat(selected).as("%s %s %d", what, op, literal)
                        .isEqualTo(naiveFilter(expected, ptype, op, literal));
            }
        }
    }

    // ---- corrupt nodes

    private static Node bitpacked(byte[] metadata, byte[] packed, Node... children) {
        return Node.of(BitPackedEncoding.ID, metadata, List.of(packed), children);
    }

    private static byte[] md(int bitWidth, int offset) {
        return Proto.message().varint(1, bitWidth).varint(2, offset).build();
    }

    private static byte[] md(int bitWidth, int offset, byte[] patches) {
        return Proto.message().varint(1, bitWidth).varint(2, offset).bytes(3, patches).build();
    }

    private static byte[] patchesMd(long count, long offset, PType indices) {
        return Proto.message().varint(1, count).varint(2, offset).varint(3, indices.id()).build();
    }

    private void assertCorrupt(Node node, DType dtype, int length, String message) {
        assertThatThrownBy(() -> TestNodes.decode(node, dtype, length, arena))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining(message)
                .hasMessageNotContaining("malformed"); // validated, not caught by the safety net
    }

    @Test
    void corruptNodesAreRejected() {
        DType u16 = new DType.Primitive(PType.U16, false);
        byte[] w4 = new byte[128 * 4];
        assertCorrupt(bitpacked(md(17, 0), new byte[128 * 17]), u16, 10, "exceeds the 16-bit type");
        assertCorrupt(bitpacked(md(65, 0), new byte[0]), new DType.Primitive(PType.U64, false), 10, "");
        assertCorrupt(bitpacked(md(4, 1024), w4), u16, 10, "");
        assertCorrupt(bitpacked(md(4, 0), new byte[128 * 4 - 1]), u16, 10, "expected 512");
        assertCorrupt(bitpacked(md(4, 0), new byte[128 * 8]), u16, 10, "expected 512");
        // offset 1000 + 100 rows need two chunks
        assertCorrupt(bitpacked(md(4, 1000), w4), u16, 100, "expected 1024");
        assertCorrupt(Node.of(BitPackedEncoding.ID, md(4, 0), List.of()), u16, 10, "buffers");
        assertCorrupt(Node.of(BitPackedEncoding.ID, md(4, 0), List.of(w4, w4)), u16, 10, "buffers");
        assertCorrupt(bitpacked(md(4, 0), w4), new DType.Primitive(PType.F32, false), 10, "integer");
        assertCorrupt(bitpacked(md(4, 0), w4), new DType.Bool(false), 10, "cannot hold");
        // a validity child on a non-nullable array, or too many children
        boolean[] ten = new boolean[10];
        assertCorrupt(bitpacked(md(4, 0), w4, TestNodes.bools(ten)), u16, 10, "validity");
        assertCorrupt(bitpacked(md(4, 0), w4, TestNodes.bools(ten), TestNodes.bools(ten)),
                new DType.Primitive(PType.U16, true), 10, "children");
        assertCorrupt(bitpacked(new byte[] {(byte) 0xFF}, w4), u16, 10, "");
    }

    @Test
    void corruptPatchesAreRejected() {
        DType u16 = new DType.Primitive(PType.U16, false);
        byte[] w4 = new byte[128 * 4];
        Node vals2 = TestNodes.primitive(le(new long[] {1, 2}, 2));
        // index out of range (after subtracting the offset), below the offset, not increasing
        assertCorrupt(bitpacked(md(4, 0, patchesMd(2, 0, PType.U8)), w4, TestNodes.u8(3, 10), vals2), u16, 10,
                "outside 0..10");
        assertCorrupt(bitpacked(md(4, 0, patchesMd(2, 5, PType.U8)), w4, TestNodes.u8(3, 7), vals2), u16, 10,
                "outside 0..10");
        assertCorrupt(bitpacked(md(4, 0, patchesMd(2, 0, PType.U8)), w4, TestNodes.u8(4, 4), vals2), u16, 10,
                "strictly increasing");
        assertCorrupt(bitpacked(md(4, 0, patchesMd(2, 0, PType.U8)), w4, TestNodes.u8(5, 4), vals2), u16, 10,
                "strictly increasing");
        // signed index type, missing children, too many children
        assertCorrupt(bitpacked(md(4, 0, patchesMd(2, 0, PType.I8)), w4, TestNodes.u8(1, 2), vals2), u16, 10,
                "unsigned");
        assertCorrupt(bitpacked(md(4, 0, patchesMd(2, 0, PType.U8)), w4, TestNodes.u8(1, 2)), u16, 10, "children");
        assertCorrupt(bitpacked(md(4, 0, patchesMd(2, 0, PType.U8)), w4), u16, 10, "children");
        assertCorrupt(bitpacked(md(4, 0, patchesMd(2, 0, PType.U8)), w4, TestNodes.u8(1, 2), vals2,
                TestNodes.bools(new boolean[10]), TestNodes.bools(new boolean[10])),
                new DType.Primitive(PType.U16, true), 10, "children");
        // patch count larger than the children hold
        assertCorrupt(bitpacked(md(4, 0, patchesMd(3, 0, PType.U8)), w4, TestNodes.u8(1, 2), vals2), u16, 10, "");
    }
}
