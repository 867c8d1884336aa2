package io.jvortex.internal.encodings.rle;

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
import io.jvortex.internal.encodings.bitpacked.FastLanesGolden;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RleEncodingTest {
    private static final int N = 2500;
    private static final String FILE = "rle/rle.vortex";
    private static final PType[] TYPES = {PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16,
                                          PType.I32, PType.I64, PType.F16, PType.F32, PType.F64};
    private static final PType[] OFFSET_TYPES = {PType.U8, PType.U16, PType.U32, PType.U64};
    private final Arena arena = Arena.ofAuto();

    // ---- Rust-written columns

    /** The script's rle_runs: runs of 4..12 rows of h(salt + 1, r) % 10^6; null when h(salt + 2, i) % 10 < 3. */
    private static List<Object> runs(int salt) {
        return runs(salt, N);
    }

    private static List<Object> runs(int salt, int n) {
        List<Object> out = new ArrayList<>();
        for (int r = 0; out.size() < n; r++) {
            long len = 4 + Golden.mod(Golden.h(salt, r), 9);
            long v = Golden.mod(Golden.h(salt + 1, r), 1_000_000);
            for (long k = 0; k < len && out.size() < n; k++) {
                out.add(v);
            }
        }
        for (int i = 0; i < n; i++) {
            if (Golden.mod(Golden.h(salt + 2, i), 10) < 3) {
                out.set(i, null);
            }
        }
        return out;
    }

    @Test
    void goldenRunColumns() {
        // The indices are bit-packed with patches and chunk offsets, and carry the validity.
        String indices = "fastlanes.bitpacked(vortex.primitive, vortex.primitive, vortex.primitive, vortex.bool)";
        assertThat(FastLanesGolden.trees(FILE, "i64_runs"))
                .containsExactly("fastlanes.rle(fastlanes.bitpacked, " + indices + ", vortex.primitive)");
        assertThat(Golden.column(FILE, "i64_runs")).isEqualTo(runs(70));
        assertThat(FastLanesGolden.trees(FILE, "i32_runs"))
                .containsExactly("fastlanes.rle(vortex.primitive, " + indices + ", vortex.primitive)");
        assertThat(Golden.column(FILE, "i32_runs")).isEqualTo(runs(73));
    }

    @Test
    void goldenRleOverDictCodes() {
        // 20 chunks of nullable u16 codes; the values are f32
        String file = "rle/rle_dict_codes.vortex";
        assertThat(FastLanesGolden.trees(file, "f32_runs")).first().asString()
                .startsWith("vortex.dict(fastlanes.rle(fastlanes.bitpacked, fastlanes.bitpacked(");
        List<Object> expected = new ArrayList<>();
        for (Object v : runs(76, 20000)) {
            expected.add(v == null ? null : TestSupport.f32((long) v / 8.0f));
        }
        assertThat(Golden.column(file, "f32_runs")).isEqualTo(expected);
    }

    // ---- hand-built arrays against a naive decoder

    private record Case(Node node, DType.Primitive dtype, int length, List<Object> rows) {
    }

    private static byte[] md(long valuesLen, long indicesLen, PType indicesType, long offsetsLen, PType offsetsType,
                             long offset) {
        return Proto.message().varint(1, valuesLen).varint(2, indicesLen).varint(3, indicesType.id())
                .varint(4, offsetsLen).varint(5, offsetsType.id()).varint(6, offset).build();
    }

    private static Node rle(byte[] md, Node values, Node indices, Node offsets) {
        return Node.of(RleEncoding.ID, md, List.of(), values, indices, offsets);
    }

    /**
     * Builds an RLE array: {@code chunks} chunks of runs; rows before {@code offset} and after
     * {@code offset + length} are padding; nulls get garbage indices.
     */
    private static Case build(SplittableRandom rnd, PType ptype, int offset, int length, int nullMode,
                              boolean extraChunk) {
        int chunks = (offset + length + 1023) / 1024 + (extraChunk ? 1 : 0);
        List<Long> values = new ArrayList<>();
        long[] indices = new long[chunks * 1024];
        long[] offsets = new long[chunks];
        long base = rnd.nextBoolean() ? 0 : rnd.nextInt(200); // a sliced array keeps absolute offsets
        boolean[] valid = new boolean[chunks * 1024];
        long[] physical = new long[chunks * 1024];
        int maxRuns = 1;
        for (int c = 0; c < chunks; c++) {
            offsets[c] = base + values.size();
            int runLength = 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 2000); // sometimes one run per chunk
            int run = -1;
            for (int j = 0; j < 1024; j++) {
                if (j % runLength == 0) {
                    values.add(rnd.nextLong());
                    run++;
                }
                indices[c * 1024 + j] = run;
                physical[c * 1024 + j] = values.get(values.size() - 1);
                valid[c * 1024 + j] = nullMode == 0 || (nullMode == 1 && rnd.nextInt(3) != 0);
                if (!valid[c * 1024 + j]) {
                    indices[c * 1024 + j] = rnd.nextInt(1 << 16); // garbage, clamped by the reader
                }
            }
            maxRuns = Math.max(maxRuns, run + 1);
        }
        PType indexType = maxRuns <= 256 && rnd.nextBoolean() ? PType.U8 : PType.U16;
        if (indexType == PType.U8) {
            for (int i = 0; i < indices.length; i++) {
                indices[i] &= 0xFF;
            }
        }
        PType offsetsType = OFFSET_TYPES[rnd.nextInt(OFFSET_TYPES.length)];
        while (offsetsType.bitWidth() < 64 && base + values.size() >= 1L << offsetsType.bitWidth()) {
            offsetsType = OFFSET_TYPES[rnd.nextInt(OFFSET_TYPES.length)];
        }
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            rows.add(valid[offset + i] ? normalize(physical[offset + i], ptype) : null);
        }
        Node indicesNode = TestNodes.primitive(le(indices, indexType.byteWidth()));
        if (nullMode > 0) {
            indicesNode = indicesNode.with(TestNodes.bools(valid));
        }
        long[] vals = values.stream().mapToLong(Long::longValue).toArray();
        Node node = rle(md(vals.length, indices.length, indexType, chunks, offsetsType, offset),
                TestNodes.primitive(le(vals, ptype.byteWidth())), indicesNode,
                TestNodes.primitive(le(offsets, offsetsType.byteWidth())));
        return new Case(node, new DType.Primitive(ptype, nullMode > 0), length, rows);
    }

    @Test
    void edgeLengthsOffsetsTypesAndNulls() {
        SplittableRandom rnd = TestSupport.random("RleEncodingTest.edgeLengthsOffsetsTypesAndNulls");
        for (PType ptype : TYPES) {
            for (int length : new int[] {0, 1, 1023, 1024, 1025, 3000}) {
                for (int offset : new int[] {0, 1, 1023}) {
                    for (int nullMode = 0; nullMode < 3; nullMode++) { // none, some, all
                        Case c = build(rnd, ptype, offset, length, nullMode, false);
                        Canonical out = TestNodes.decode(c.node(), c.dtype(), c.length(), arena);
                        assertThat(TestSupport.rows(out)).as("%s len %d offset %d nulls %d", ptype, length, offset,
                                nullMode).isEqualTo(c.rows());
                    }
                }
            }
        }
    }

    @Test
    void randomArrays() {
        SplittableRandom rnd = TestSupport.random("RleEncodingTest.randomArrays");
        for (int iter = 0; iter < 150; iter++) {
            PType ptype = TYPES[rnd.nextInt(TYPES.length)];
            int offset = rnd.nextInt(1024);
            int length = rnd.nextInt(4) == 0 ? rnd.nextInt(5000) : rnd.nextInt(50);
            Case c = build(rnd, ptype, offset, length, rnd.nextInt(3), rnd.nextInt(5) == 0);
            assertThat(TestSupport.rows(TestNodes.decode(c.node(), c.dtype(), c.length(), arena)))
                    .as("iteration %d %s len %d offset %d", iter, ptype, length, offset).isEqualTo(c.rows());
        }
    }

    @Test
    void singleValueChunkIgnoresItsIndices() {
        long[] indices = new long[1024];
        Arrays.fill(indices, 77); // e.g. a masked constant after further compression
        Node node = rle(md(1, 1024, PType.U16, 1, PType.U32, 0), TestNodes.primitive(le(new long[] {42}, 4)),
                TestNodes.primitive(le(indices, 2)), TestNodes.primitive(le(new long[] {0}, 4)));
        Canonical out = TestNodes.decode(node, new DType.Primitive(PType.I32, false), 1000, arena);
        assertThat(TestSupport.rows(out)).containsOnly(42L).hasSize(1000);
    }

    // ---- corrupt nodes

    private void assertCorrupt(Node node, DType dtype, int length, String message) {
        assertThatThrownBy(() -> TestNodes.decode(node, dtype, length, arena))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining(message)
                .hasMessageNotContaining("malformed");
    }

    private static Node u16s(long... v) {
        return TestNodes.primitive(le(v, 2));
    }

    private static Node i32s(long... v) {
        return TestNodes.primitive(le(v, 4));
    }

    private static long[] chunkIndices(int chunks, long... pattern) {
        long[] out = new long[chunks * 1024];
        for (int i = 0; i < out.length; i++) {
            out[i] = pattern[i % pattern.length];
        }
        return out;
    }

    @Test
    void corruptNodesAreRejected() {
        DType i32 = new DType.Primitive(PType.I32, false);
        Node two = i32s(5, 6);
        Node idx1 = u16s(chunkIndices(1, 0, 1));
        Node off1 = u16s(0);
        // indices length not a multiple of 1024, or too short for offset + length
        assertCorrupt(rle(md(2, 1000, PType.U16, 1, PType.U16, 0), two, u16s(new long[1000]), off1), i32, 10,
                "multiple of 1024");
        assertCorrupt(rle(md(2, 1024, PType.U16, 1, PType.U16, 100), two, idx1, off1), i32, 1000, "covering");
        // offset outside a chunk
        assertCorrupt(rle(md(2, 2048, PType.U16, 2, PType.U16, 1024), i32s(5, 6, 7, 8), u16s(chunkIndices(2, 0, 1)),
                u16s(0, 2)), i32, 10, "outside 0..1023");
        // value offsets decreasing, beyond the values, or too few
        Node four = i32s(5, 6, 7, 8);
        Node idx2 = u16s(chunkIndices(2, 0, 1));
        assertCorrupt(rle(md(4, 3072, PType.U16, 3, PType.U16, 0), four, u16s(chunkIndices(3, 0, 1)), u16s(0, 3, 2)),
                i32, 3000, "outside");
        assertCorrupt(rle(md(4, 2048, PType.U16, 2, PType.U16, 0), four, idx2, u16s(0, 9)), i32, 2000, "outside");
        assertCorrupt(rle(md(4, 2048, PType.U16, 2, PType.U16, 0), four, idx2, u16s(7, 5)), i32, 2000, "outside");
        assertCorrupt(rle(md(4, 2048, PType.U16, 1, PType.U16, 0), four, idx2, u16s(0)), i32, 2000, "value offsets");
        // indices past the chunk's own values (chunk 0 owns values 0..1, chunk 1 owns 2..3)
        assertCorrupt(rle(md(4, 2048, PType.U16, 2, PType.U16, 0), four, u16s(chunkIndices(2, 0, 2)), u16s(0, 2)),
                i32, 2000, "index");
        assertCorrupt(rle(md(4, 2048, PType.U16, 2, PType.U16, 0), four, u16s(chunkIndices(2, 0, 1, 9)), u16s(0, 2)),
                i32, 2000, "index");
        assertCorrupt(rle(md(4, 2048, PType.U8, 2, PType.U16, 0), four, TestNodes.u8(new int[2048]).with(),
                u16s(0, 4)), i32, 2000, "no values");
        // wrong index / offset types
        assertCorrupt(rle(md(2, 1024, PType.U32, 1, PType.U16, 0), two, i32s(new long[1024]), off1), i32, 10,
                "u8 or u16");
        assertCorrupt(rle(md(2, 1024, PType.I16, 1, PType.U16, 0), two, idx1, off1), i32, 10, "u8 or u16");
        assertCorrupt(rle(md(2, 1024, PType.U16, 1, PType.I16, 0), two, idx1, off1), i32, 10, "unsigned");
        // children, buffers, dtype
        assertCorrupt(Node.of(RleEncoding.ID, md(2, 1024, PType.U16, 1, PType.U16, 0), List.of(), two, idx1), i32, 10,
                "children");
        assertCorrupt(rle(md(2, 1024, PType.U16, 1, PType.U16, 0), two, idx1, off1).with(off1), i32, 10, "children");
        assertCorrupt(Node.of(RleEncoding.ID, md(2, 1024, PType.U16, 1, PType.U16, 0), List.of(new byte[8]), two, idx1,
                off1), i32, 10, "buffers");
        assertCorrupt(rle(md(2, 1024, PType.U16, 1, PType.U16, 0), two, idx1, off1), new DType.Bool(false), 10,
                "cannot hold");
        // values length in the metadata disagrees with the child
        assertCorrupt(rle(md(3, 1024, PType.U16, 1, PType.U16, 0), two, idx1, off1), i32, 10, "");
        // a validity on the indices of a non-nullable array
        assertCorrupt(rle(md(2, 1024, PType.U16, 1, PType.U16, 0), two, idx1.with(TestNodes.bools(new boolean[1024])),
                off1), i32, 10, "validity");
    }
}
