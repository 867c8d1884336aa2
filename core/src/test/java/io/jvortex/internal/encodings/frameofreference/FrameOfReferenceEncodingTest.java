package io.jvortex.internal.encodings.frameofreference;

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
import io.jvortex.array.TestNodes.Sv;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.bitpacked.BitPackedEncoding;
import io.jvortex.internal.encodings.bitpacked.FastLanesGolden;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

class FrameOfReferenceEncodingTest {
    private static final int N = 2500;
    private static final String FILE = "frameofreference/for.vortex";
    private static final PType[] INTEGERS = {PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16,
                                             PType.I32, PType.I64};
    private final Arena arena = Arena.ofAuto();

    private static List<Object> rows(LongUnaryOperator f, PType ptype) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            out.add(normalize(f.applyAsLong(i), ptype));
        }
        return out;
    }

    private static void assertColumn(String column, List<Object> expected, String tree) {
        assertThat(FastLanesGolden.trees(FILE, column)).contains(tree);
        assertThat(Golden.column(FILE, column)).as(column).isEqualTo(expected);
    }

    @Test
    void goldenColumns() {
        String forBp = "fastlanes.for(fastlanes.bitpacked)";
        assertColumn("dates", rows(i -> 19000 + Golden.mod(Golden.h(60, i), 3000), PType.I32),
                "vortex.ext(" + forBp + ")");
        assertColumn("i64_big", rows(i -> 1_000_000_000_000L + Golden.mod(Golden.h(61, i), 4096), PType.I64), forBp);
        assertColumn("i32_negative", rows(i -> -1_000_000 + Golden.mod(Golden.h(62, i), 300), PType.I32), forBp);
        // reference 2^64 - 5000 (an unsigned value above i64's range)
        assertColumn("u64_top", rows(i -> -5000 + Golden.mod(Golden.h(63, i), 5000), PType.U64), forBp);
        // zigzag of i64::MIN + k and i64::MAX - k are all near 2^64: the FoR reference is again a huge u64
        assertColumn("i64_extremes", rows(i -> Golden.mod(Golden.h(64, i), 97) == 0
                ? Long.MAX_VALUE - Golden.mod(Golden.h(65, i), 16)
                : Long.MIN_VALUE + Golden.mod(Golden.h(66, i), 16), PType.I64), "vortex.zigzag(" + forBp + ")");
        assertColumn("u8_small_range", rows(i -> 200 + Golden.mod(Golden.h(67, i), 16), PType.U8), forBp);
        List<Object> nullable = rows(i -> -20000 + Golden.mod(Golden.h(68, i), 1000), PType.I16);
        for (int i = 0; i < N; i++) {
            if (Golden.mod(Golden.h(69, i), 6) == 0) {
                nullable.set(i, null);
            }
        }
        assertColumn("i16_nullable", nullable, "fastlanes.for(fastlanes.bitpacked(vortex.bool))");
    }

    // ---- hand-built

    private static byte[] reference(PType ptype, long ref) {
        return ptype.isSigned() ? Sv.i64(ref) : Sv.u64(ref);
    }

    private static Node forNode(byte[] metadata, Node... children) {
        return Node.of(FrameOfReferenceEncoding.ID, metadata, List.of(), children);
    }

    @Test
    void wrappingAddInEveryWidth() {
        SplittableRandom rnd = TestSupport.random("FrameOfReferenceEncodingTest.wrappingAddInEveryWidth");
        for (PType ptype : INTEGERS) {
            int bits = ptype.bitWidth();
            for (int length : new int[] {0, 1, 1023, 1024, 1025, 3000}) {
                for (int nullMode = 0; nullMode < 3; nullMode++) {
                    long ref = switch (rnd.nextInt(4)) {
                        case 0 -> 0;
                        case 1 -> ptype.isSigned() ? -(1L << (bits - 1)) : bits == 64 ? -1L : (1L << bits) - 1;
                        case 2 -> ptype.isSigned() ? (bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1) : 1;
                        default -> normalize(rnd.nextLong(), ptype);
                    };
                    long[] encoded = new long[length];
                    boolean[] valid = new boolean[length];
                    List<Object> expected = new ArrayList<>();
                    for (int i = 0; i < length; i++) {
                        encoded[i] = rnd.nextLong();
                        valid[i] = nullMode == 0 || (nullMode == 1 && rnd.nextBoolean());
                        expected.add(valid[i] ? normalize(encoded[i] + ref, ptype) : null);
                    }
                    Node child = TestNodes.primitive(le(encoded, ptype.byteWidth()));
                    if (nullMode > 0) {
                        child = child.with(TestNodes.bools(valid));
                    }
                    DType dtype = new DType.Primitive(ptype, nullMode > 0);
                    Canonical out = TestNodes.decode(forNode(reference(ptype, ref), child), dtype, length, arena);
                    assertThat(TestSupport.rows(out)).as("%s ref %d len %d", ptype, ref, length).isEqualTo(expected);
                    assertThat(out.dtype()).isEqualTo(dtype);
                }
            }
        }
    }

    @Test
    void overBitPackedChild() {
        // FoR(-1000) over a 0-bit bit-packed child: every row is the reference
        Node bp = Node.of(BitPackedEncoding.ID, Proto.message().build(), List.of(new byte[0]));
        Canonical out = TestNodes.decode(forNode(Sv.i64(-1000), bp), new DType.Primitive(PType.I32, false), 1025,
                arena);
        assertThat(TestSupport.rows(out)).containsOnly(-1000L).hasSize(1025);
    }

    private void assertCorrupt(Node node, DType dtype, int length, String message) {
        assertThatThrownBy(() -> TestNodes.decode(node, dtype, length, arena))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining(message)
                .hasMessageNotContaining("malformed");
    }

    @Test
    void corruptNodesAreRejected() {
        DType i32 = new DType.Primitive(PType.I32, false);
        DType i32n = new DType.Primitive(PType.I32, true);
        Node child = TestNodes.i32(1, 2, 3);
        assertCorrupt(forNode(Sv.nul(), child), i32n, 3, "null");
        assertCorrupt(forNode(Sv.nul(), child), i32, 3, "null");
        assertCorrupt(forNode(new byte[0], child), i32, 3, "no value");
        assertCorrupt(forNode(Sv.f64(1.5), child), i32, 3, "");
        assertCorrupt(forNode(Sv.str("x"), child), i32, 3, "");
        assertCorrupt(forNode(Sv.bool(true), child), i32, 3, "");
        assertCorrupt(forNode(Sv.i64(1L << 40), child), i32, 3, "");
        assertCorrupt(forNode(Sv.i64(-1), TestNodes.u8(1, 2, 3)), new DType.Primitive(PType.U8, false), 3, "");
        assertCorrupt(forNode(Sv.f64(1.5), TestNodes.f64(1, 2, 3)), new DType.Primitive(PType.F64, false), 3,
                "integer");
        assertCorrupt(forNode(Sv.i64(1), TestNodes.bools(true)), new DType.Bool(false), 1, "cannot hold");
        assertCorrupt(forNode(Sv.i64(1)), i32, 3, "children");
        assertCorrupt(forNode(Sv.i64(1), child, child), i32, 3, "children");
        assertCorrupt(Node.of(FrameOfReferenceEncoding.ID, Sv.i64(1), List.of(new byte[4]), child), i32, 3, "buffers");
        // the encoded child must be a primitive of the same type and length
        assertCorrupt(forNode(Sv.i64(1), TestNodes.i32(1, 2)), i32, 3, "");
        assertCorrupt(forNode(Sv.i64(1), child.with(TestNodes.bools(true, false, true))), i32, 3, "validity");
    }
}
