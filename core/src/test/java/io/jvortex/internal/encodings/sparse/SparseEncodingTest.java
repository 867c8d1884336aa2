package io.jvortex.internal.encodings.sparse;

import static io.jvortex.array.TestNodes.Node;
import static io.jvortex.array.TestNodes.Proto;
import static io.jvortex.array.TestNodes.Sv;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.Golden;
import io.jvortex.array.TestNodes;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SparseEncodingTest {
    private static final DType I64 = new DType.Primitive(PType.I64, true);
    private final Arena arena = Arena.ofAuto();

    static byte[] meta(long count, long offset, PType indices) {
        return Proto.message().bytes(1, Proto.message().varint(1, count).varint(2, offset).varint(3, indices.id())
                .build()).build();
    }

    static Node sparse(byte[] meta, byte[] fill, Node indices, Node values) {
        return Node.of(SparseEncoding.ID, meta, List.of(fill), indices, values);
    }

    @Test
    void goldenSparseColumns() {
        List<Object> nulls = new ArrayList<>();
        List<Object> fill = new ArrayList<>();
        List<Object> fillNulls = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            nulls.add(Golden.mod(Golden.h(12, i), 97) == 0 ? Golden.h(11, i) : null);
            fill.add(Golden.mod(Golden.h(14, i), 89) == 0 ? Golden.h(13, i) : 7L);
            long h16 = Golden.h(16, i);
            fillNulls.add(Golden.mod(h16, 101) == 0 ? null
                    : Golden.mod(h16, 103) == 0 ? Golden.f64(Golden.h(15, i)) : TestSupport.f64(2.5));
        }
        assertThat(Golden.column("sparse/sparse.vortex", "sparse_null")).isEqualTo(nulls);
        assertThat(Golden.column("sparse/sparse.vortex", "sparse_fill")).isEqualTo(fill);
        assertThat(Golden.column("sparse/sparse.vortex", "sparse_fill_nulls")).isEqualTo(fillNulls);
    }

    @Test
    void randomPatchesOverAFill() {
        SplittableRandom r = TestSupport.random("SparseEncodingTest.randomPatchesOverAFill");
        for (int iter = 0; iter < 40; iter++) {
            int length = new int[] {1, 1023, 1024, 1025, r.nextInt(1, 5000)}[r.nextInt(5)];
            long offset = r.nextInt(3) == 0 ? r.nextInt(100_000) : 0;
            boolean nullFill = r.nextBoolean();
            long fillValue = r.nextLong();
            List<Object> expected = new ArrayList<>(Collections.nCopies(length, nullFill ? null : fillValue));
            List<Long> idx = new ArrayList<>();
            List<Long> vals = new ArrayList<>();
            List<Boolean> valid = new ArrayList<>();
            for (int i = 0; i < length; i++) {
                if (r.nextInt(20) == 0) {
                    idx.add(i + offset);
                    vals.add(r.nextLong());
                    valid.add(r.nextInt(4) != 0);
                    expected.set(i, valid.getLast() ? vals.getLast() : null);
                }
            }
            PType it = offset + length < 65_536 ? PType.U16 : PType.U32;
            long[] idxArr = idx.stream().mapToLong(Long::longValue).toArray();
            Node indices = it == PType.U16 ? TestNodes.i16(idx.stream().mapToInt(Long::intValue).toArray())
                    : TestNodes.i32(idx.stream().mapToInt(Long::intValue).toArray());
            boolean[] validArr = new boolean[valid.size()];
            for (int k = 0; k < validArr.length; k++) {
                validArr[k] = valid.get(k);
            }
            Node values = TestNodes.i64(vals.stream().mapToLong(Long::longValue).toArray()).with(TestNodes.bools(validArr));
            Canonical out = TestNodes.decode(sparse(meta(idxArr.length, offset, it),
                    nullFill ? Sv.nul() : Sv.i64(fillValue), indices, values), I64, length, arena);
            assertThat(TestSupport.rows(out)).as("iteration %d", iter).isEqualTo(expected);
        }
    }

    @Test
    void nonPrimitiveTypesGoThroughTheGenericPath() {
        DType.Struct s = new DType.Struct(List.of("a"), List.of(new DType.Primitive(PType.I32, false)), true);
        Node values = Node.of("vortex.struct", new byte[0], List.of(), TestNodes.i32(5, 6));
        Canonical out = TestNodes.decode(sparse(meta(2, 10, PType.U8), Sv.nul(), TestNodes.u8(11, 13), values), s, 4,
                arena);
        assertThat(TestSupport.rows(out)).containsExactly(null, List.of(5L), null, List.of(6L));
        DType.Bool b = new DType.Bool(false);
        Canonical bools = TestNodes.decode(sparse(meta(1, 0, PType.U8), Sv.bool(true), TestNodes.u8(2),
                TestNodes.bools(false)), b, 4, arena);
        assertThat(TestSupport.rows(bools)).containsExactly(true, true, false, true);
        Canonical noPatches = TestNodes.decode(sparse(meta(0, 0, PType.U8), Sv.f64(0.5), TestNodes.u8(),
                TestNodes.f64()), new DType.Primitive(PType.F64, false), 3, arena);
        assertThat(TestSupport.rows(noPatches)).isEqualTo(Collections.nCopies(3, TestSupport.f64(0.5)));
    }

    @Test
    void unknownPatchValuesStayOpaque() {
        Canonical out = TestNodes.decodeAllowingUnknown(sparse(meta(1, 0, PType.U8), Sv.nul(), TestNodes.u8(1),
                Node.of("x.unknown", new byte[0], List.of())), I64, 3, arena);
        assertThat(out).isInstanceOf(io.jvortex.array.OpaqueArray.class);
    }

    @Test
    void corruptNodesAreRejected() {
        Node values = TestNodes.i64(5, 6);
        assertThatThrownBy(() -> TestNodes.decode(sparse(new byte[0], Sv.nul(), TestNodes.u8(0, 1), values), I64, 4,
                arena)).isInstanceOf(VortexException.class).hasMessageContaining("no patches");
        assertThatThrownBy(() -> TestNodes.decode(sparse(meta(2, 0, PType.U8), Sv.nul(), TestNodes.u8(1, 1), values),
                I64, 4, arena)).isInstanceOf(VortexException.class).hasMessageContaining("strictly increasing");
        assertThatThrownBy(() -> TestNodes.decode(sparse(meta(2, 0, PType.U8), Sv.nul(), TestNodes.u8(1, 4), values),
                I64, 4, arena)).isInstanceOf(VortexException.class).hasMessageContaining("outside");
        assertThatThrownBy(() -> TestNodes.decode(sparse(meta(2, 3, PType.U8), Sv.nul(), TestNodes.u8(1, 4), values),
                I64, 4, arena)).isInstanceOf(VortexException.class).hasMessageContaining("outside");
        assertThatThrownBy(() -> TestNodes.decode(sparse(meta(2, 0, PType.I8), Sv.nul(), TestNodes.u8(1, 2), values),
                I64, 4, arena)).isInstanceOf(VortexException.class).hasMessageContaining("unsigned");
        assertThatThrownBy(() -> TestNodes.decode(sparse(meta(5, 0, PType.U8), Sv.nul(), TestNodes.u8(0, 1, 2, 3, 4),
                TestNodes.i64(1, 2, 3, 4, 5)), I64, 4, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("5 patches for 4 rows");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(SparseEncoding.ID, meta(2, 0, PType.U8), List.of(),
                TestNodes.u8(0, 1), values), I64, 4, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("buffers");
        assertThatThrownBy(() -> TestNodes.decode(sparse(meta(2, 0, PType.U8), Sv.nul(), TestNodes.u8(0, 1), values)
                .with(TestNodes.u8(0)), I64, 4, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(sparse(meta(2, 0, PType.U8), Sv.nul(), TestNodes.u8(0, 1), values),
                I64.withNullable(false), 4, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("non-nullable");
        assertThatThrownBy(() -> TestNodes.decode(sparse(meta(2, 0, PType.U8), Sv.str("x"), TestNodes.u8(0, 1), values),
                I64, 4, arena)).isInstanceOf(VortexException.class);
    }
}
