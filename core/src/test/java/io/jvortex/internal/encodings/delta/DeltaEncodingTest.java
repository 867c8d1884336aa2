package io.jvortex.internal.encodings.delta;

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
import io.jvortex.internal.encodings.bitpacked.GoldenVector;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DeltaEncodingTest {
    private static final PType[] INTEGERS = {PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16,
                                             PType.I32, PType.I64};
    private final Arena arena = Arena.ofAuto();

    private static byte[] md(long deltasLen, long offset) {
        return Proto.message().varint(1, deltasLen).varint(2, offset).build();
    }

    private static Node delta(byte[] md, Node... children) {
        return Node.of(DeltaEncoding.ID, md, List.of(), children);
    }

    // ---- vectors the 0.91 Rust reader decoded

    /** The hand-built messages of {@code gen_fastlanes_golden.py} (offset 37, two chunks), decoded by Rust. */
    @ParameterizedTest
    @ValueSource(strings = {"delta_u8", "delta_u16", "delta_u32", "delta_i32", "delta_u64"})
    void rustDecodedVectors(String name) {
        GoldenVector g = GoldenVector.load(FastLanesDeltaTest.class, "golden/" + name + ".txt");
        PType ptype = PType.valueOf(g.string("ptype").toUpperCase());
        int width = ptype.byteWidth();
        int length = g.integer("len");
        Node node = delta(md(g.integer("deltas_len"), g.integer("offset")), TestNodes.primitive(g.bytes("bases")),
                TestNodes.primitive(g.bytes("deltas")));
        Canonical out = TestNodes.decode(node, new DType.Primitive(ptype, false), length, arena);
        long[] expected = g.unsignedValues("expected", width);
        List<Object> rows = new ArrayList<>();
        for (long v : expected) {
            rows.add(normalize(v, ptype));
        }
        assertThat(rows).hasSize(length);
        assertThat(TestSupport.rows(out)).isEqualTo(rows);
    }

    /** Nullable arrays with the validity as third child, in logical order (0.91's form), decoded by Rust. */
    @ParameterizedTest
    @ValueSource(strings = {"delta_i16_nullable_offset37", "delta_u32_nullable_offset1023",
                            "delta_i64_nullable_offset0", "delta_u8_all_null_offset5"})
    void rustDecodedNullableSegments(String name) {
        FastLanesGolden.Expected expected = FastLanesGolden.expected("delta/" + name);
        Canonical out = Golden.segment("delta/" + name, expected.dtype(), expected.rows().size(), arena);
        assertThat(TestSupport.rows(out)).isEqualTo(expected.rows());
    }

    // ---- hand-built round trips through the tested encode kernels

    /** Encodes whole chunks of {@code values}; returns {bases, deltas}. */
    static long[][] encode(PType ptype, long[] values) {
        int chunks = values.length / 1024;
        int lanes = 1024 / ptype.bitWidth();
        long[] bases = new long[chunks * lanes];
        long[] deltas = new long[values.length];
        for (int c = 0; c < chunks; c++) {
            switch (ptype.byteWidth()) {
                case 1 -> {
                    byte[] in = new byte[1024];
                    byte[] b = new byte[lanes];
                    byte[] d = new byte[1024];
                    for (int i = 0; i < 1024; i++) {
                        in[i] = (byte) values[c * 1024 + i];
                    }
                    FastLanesDelta.encode8(in, 0, b, 0, d, 0);
                    for (int i = 0; i < lanes; i++) {
                        bases[c * lanes + i] = b[i];
                    }
                    for (int i = 0; i < 1024; i++) {
                        deltas[c * 1024 + i] = d[i];
                    }
                }
                case 2 -> {
                    short[] in = new short[1024];
                    short[] b = new short[lanes];
                    short[] d = new short[1024];
                    for (int i = 0; i < 1024; i++) {
                        in[i] = (short) values[c * 1024 + i];
                    }
                    FastLanesDelta.encode16(in, 0, b, 0, d, 0);
                    for (int i = 0; i < lanes; i++) {
                        bases[c * lanes + i] = b[i];
                    }
                    for (int i = 0; i < 1024; i++) {
                        deltas[c * 1024 + i] = d[i];
                    }
                }
                case 4 -> {
                    int[] in = new int[1024];
                    int[] b = new int[lanes];
                    int[] d = new int[1024];
                    for (int i = 0; i < 1024; i++) {
                        in[i] = (int) values[c * 1024 + i];
                    }
                    FastLanesDelta.encode32(in, 0, b, 0, d, 0);
                    for (int i = 0; i < lanes; i++) {
                        bases[c * lanes + i] = b[i];
                    }
                    for (int i = 0; i < 1024; i++) {
                        deltas[c * 1024 + i] = d[i];
                    }
                }
                default -> FastLanesDelta.encode64(values, c * 1024, bases, c * lanes, deltas, c * 1024);
            }
        }
        return new long[][] {bases, deltas};
    }

    private static long nextValue(SplittableRandom rnd, long prev) {
        return switch (rnd.nextInt(3)) {
            case 0 -> rnd.nextLong(); // wraps
            case 1 -> prev + rnd.nextInt(-3, 4); // sorted-ish
            default -> prev;
        };
    }

    @Test
    void edgeLengthsOffsetsAndNulls() {
        SplittableRandom rnd = TestSupport.random("DeltaEncodingTest.edgeLengthsOffsetsAndNulls");
        for (PType ptype : INTEGERS) {
            for (int length : new int[] {0, 1, 1023, 1024, 1025, 3000}) {
                for (int offset : new int[] {0, 1, 1023}) {
                    for (int nullMode = 0; nullMode < 4; nullMode++) { // no child, all valid, some, all null
                        roundTrip(rnd, ptype, offset, length, nullMode);
                    }
                }
            }
        }
    }

    @Test
    void randomArrays() {
        SplittableRandom rnd = TestSupport.random("DeltaEncodingTest.randomArrays");
        for (int iter = 0; iter < 100; iter++) {
            roundTrip(rnd, INTEGERS[rnd.nextInt(INTEGERS.length)], rnd.nextInt(1024),
                    rnd.nextInt(3) == 0 ? rnd.nextInt(5000) : rnd.nextInt(40), rnd.nextInt(4));
        }
    }

    private void roundTrip(SplittableRandom rnd, PType ptype, int offset, int length, int nullMode) {
        int n = (offset + length + 1023) / 1024 * 1024;
        long[] values = new long[n];
        long prev = rnd.nextLong();
        for (int i = 0; i < n; i++) {
            values[i] = prev = nextValue(rnd, prev);
        }
        long[][] encoded = encode(ptype, values);
        boolean[] valid = new boolean[length];
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            valid[i] = nullMode <= 1 || (nullMode == 2 && rnd.nextBoolean());
            expected.add(valid[i] ? normalize(values[offset + i], ptype) : null);
        }
        int w = ptype.byteWidth();
        Node node = delta(md(n, offset), TestNodes.primitive(le(encoded[0], w)),
                TestNodes.primitive(le(encoded[1], w)));
        if (nullMode > 0) {
            node = node.with(TestNodes.bools(valid));
        }
        Canonical out = TestNodes.decode(node, new DType.Primitive(ptype, nullMode > 0), length, arena);
        assertThat(TestSupport.rows(out)).as("%s offset %d len %d nulls %d", ptype, offset, length, nullMode)
                .isEqualTo(expected);
    }

    /**
     * Writers before vortex PR #7007 ended with {@code deltas_len % 1024} scalar deltas from one extra
     * base (Rust's old {@code decompress_primitive}: {@code next = delta + base; base = next}).
     * 0.91 rejects that form; the reader keeps it for older files.
     */
    @Test
    void legacyRemainder() {
        SplittableRandom rnd = TestSupport.random("DeltaEncodingTest.legacyRemainder");
        for (PType ptype : INTEGERS) {
            for (int total : new int[] {1, 1023, 1025, 2500}) {
                int full = total / 1024 * 1024;
                long[] values = new long[total];
                long prev = 0;
                for (int i = 0; i < total; i++) {
                    values[i] = prev = nextValue(rnd, prev);
                }
                long[][] chunks = encode(ptype, java.util.Arrays.copyOf(values, full));
                long[] bases = java.util.Arrays.copyOf(chunks[0], chunks[0].length + 1);
                long base = rnd.nextLong();
                bases[bases.length - 1] = base;
                long[] deltas = java.util.Arrays.copyOf(chunks[1], total);
                long running = base;
                for (int i = full; i < total; i++) {
                    deltas[i] = values[i] - running;
                    running = values[i];
                }
                int offset = Math.min(total - 1, rnd.nextInt(1024));
                int length = total - offset;
                List<Object> expected = new ArrayList<>();
                for (int i = 0; i < length; i++) {
                    expected.add(normalize(values[offset + i], ptype));
                }
                int w = ptype.byteWidth();
                Node node = delta(md(total, offset), TestNodes.primitive(le(bases, w)),
                        TestNodes.primitive(le(deltas, w)));
                Canonical out = TestNodes.decode(node, new DType.Primitive(ptype, false), length, arena);
                assertThat(TestSupport.rows(out)).as("%s total %d offset %d", ptype, total, offset)
                        .isEqualTo(expected);
            }
        }
    }

    // ---- corrupt nodes

    private void assertCorrupt(Node node, DType dtype, int length, String message) {
        assertThatThrownBy(() -> TestNodes.decode(node, dtype, length, arena))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining(message)
                .hasMessageNotContaining("malformed");
    }

    @Test
    void corruptNodesAreRejected() {
        DType u16 = new DType.Primitive(PType.U16, false);
        DType u16n = new DType.Primitive(PType.U16, true);
        Node bases = TestNodes.primitive(new byte[64 * 2]);
        Node deltas = TestNodes.primitive(new byte[1024 * 2]);
        // offset beyond a chunk, offset + length beyond the deltas
        assertCorrupt(delta(md(2048, 1024), TestNodes.primitive(new byte[128 * 2]), TestNodes.primitive(new byte[4096])),
                u16, 10, "delta offset 1024 outside 0..1023");
        assertCorrupt(delta(md(1024, 1000), bases, deltas), u16, 25, "exceed");
        assertCorrupt(delta(md(1024, 0), bases, deltas), u16, 1025, "exceed");
        assertCorrupt(delta(md(0, 1), TestNodes.primitive(new byte[0]), TestNodes.primitive(new byte[0])), u16, 0,
                "exceed");
        // deltas_len disagreeing with the children
        assertCorrupt(delta(md(2048, 0), bases, deltas), u16, 10, "");
        assertCorrupt(delta(md(1024, 0), TestNodes.primitive(new byte[63 * 2]), deltas), u16, 10, "");
        // children and buffers
        assertCorrupt(delta(md(1024, 0), bases), u16, 10, "children");
        assertCorrupt(delta(md(1024, 0), bases, deltas, TestNodes.bools(new boolean[10]),
                TestNodes.bools(new boolean[10])), u16n, 10, "children");
        assertCorrupt(delta(md(1024, 0), bases, deltas, TestNodes.bools(new boolean[10])), u16, 10, "validity");
        assertCorrupt(delta(md(1024, 0), bases, deltas, TestNodes.bools(new boolean[5])), u16n, 10, "");
        assertCorrupt(Node.of(DeltaEncoding.ID, md(1024, 0), List.of(new byte[2]), bases, deltas), u16, 10,
                "buffers");
        // bases and deltas are plain values: a validity on them is not the 0.91 form
        assertCorrupt(delta(md(1024, 0), bases, deltas.with(TestNodes.bools(new boolean[1024]))), u16n, 10,
                "validity");
        // dtypes
        assertCorrupt(delta(md(1024, 0), TestNodes.primitive(new byte[32 * 4]), TestNodes.primitive(new byte[4096])),
                new DType.Primitive(PType.F32, false), 10, "integer");
        assertCorrupt(delta(md(1024, 0), bases, deltas), new DType.Bool(false), 10, "cannot hold");
    }
}
