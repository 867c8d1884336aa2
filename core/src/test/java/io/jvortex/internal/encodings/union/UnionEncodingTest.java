package io.jvortex.internal.encodings.union;

import static io.jvortex.array.TestNodes.Node;
import static io.jvortex.array.TestNodes.Proto;
import static io.jvortex.array.TestNodes.Sv;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.Canonicals;
import io.jvortex.array.Concat;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.ScalarAt;
import io.jvortex.array.Take;
import io.jvortex.array.TestNodes;
import io.jvortex.array.TestSupport;
import io.jvortex.array.UnionArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.scalar.UnionValue;
import io.jvortex.testutil.Walk;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code vortex.union} is an unstable encoding in 0.91 that no Python/Arrow path writes (Arrow
 * unions are rejected), so these nodes are hand-built per the reference's vtable.
 */
class UnionEncodingTest {
    /** {@code union(i=i64?, s=utf8?)?} with type ids 0 and 5. */
    private static final DType.Union UNION = new DType.Union(List.of("i", "s"),
            List.of(new DType.Primitive(PType.I64, true), new DType.Utf8(true)), List.of(0, 5), true);
    private final Arena arena = Arena.ofAuto();

    private static Node strings(String... values) {
        int[] offsets = new int[values.length + 1];
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            sb.append(values[i]);
            offsets[i + 1] = sb.length();
        }
        return Node.of("vortex.varbin", Proto.message().varint(1, PType.I32.id()).build(),
                List.of(sb.toString().getBytes()), TestNodes.i32(offsets));
    }

    /** Rows: i=7, s="hi", null, i=null, s="". */
    private static Node sample(int... typeIds) {
        Node ids = TestNodes.u8(typeIds).with(TestNodes.bools(true, true, false, true, true));
        Node ints = TestNodes.i64(7, 0, 0, 0, 0).with(TestNodes.bools(true, true, true, false, true));
        return Node.of(UnionEncoding.ID, new byte[0], List.of(), ids, ints, strings("", "hi", "", "", ""));
    }

    private static List<String> render(Canonical array) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < array.length(); i++) {
            out.add(JsonlWriter.toJson(array, i));
        }
        return out;
    }

    @Test
    void decodesSparseUnions() {
        Canonical out = TestNodes.decode(sample(0, 5, 0, 0, 5), UNION, 5, arena);
        assertThat(out).isInstanceOf(UnionArray.class);
        assertThat(render(out)).containsExactly("{\"type_id\":0,\"value\":7}", "{\"type_id\":5,\"value\":\"hi\"}", "null",
                "{\"type_id\":0,\"value\":null}", "{\"type_id\":5,\"value\":\"\"}");
        assertThat(TestSupport.rows(out)).containsExactly(Arrays.asList(0L, 7L), Arrays.asList(5L, "hi"), null,
                Arrays.asList(0L, null), Arrays.asList(5L, ""));
        assertThat(ScalarAt.get(out, 1).value()).isInstanceOfSatisfying(UnionValue.class,
                v -> assertThat(v.typeId()).isEqualTo(5));
        Walk.checksum(out);
    }

    @Test
    void nullTypeIdRowsMayHoldAnyId() {
        // row 2 is null: its stored id (99) is never looked at
        Canonical out = TestNodes.decode(sample(0, 5, 99, 0, 5), UNION, 5, arena);
        assertThat(render(out).get(2)).isEqualTo("null");
    }

    @Test
    void sliceTakeConcat() {
        UnionArray u = (UnionArray) TestNodes.decode(sample(0, 5, 0, 0, 5), UNION, 5, arena);
        assertThat(render(u.slice(1, 2))).containsExactly("{\"type_id\":5,\"value\":\"hi\"}", "null");
        MemorySegment idx = arena.allocate(8);
        idx.setAtIndex(ValueLayout.JAVA_INT, 0, 4);
        idx.setAtIndex(ValueLayout.JAVA_INT, 1, 0);
        Canonical taken = Take.take(u, new PrimitiveArray(new DType.Primitive(PType.I32, false), idx, 2,
                Validity.ALL_VALID), arena::allocate);
        assertThat(render(taken)).containsExactly("{\"type_id\":5,\"value\":\"\"}", "{\"type_id\":0,\"value\":7}");
        Canonical both = Concat.concat(UNION, List.of(u, u.slice(0, 2)), arena::allocate);
        assertThat(render(both)).hasSize(7).endsWith("{\"type_id\":0,\"value\":7}", "{\"type_id\":5,\"value\":\"hi\"}");
    }

    @Test
    void constantsAndZeros() {
        byte[] hi = Proto.message().bytes(12, Proto.message().varint(1, 5).bytes(2, Sv.str("hi")).build()).build();
        Canonical c = TestNodes.decode(TestNodes.constant(hi), UNION, 3, arena);
        assertThat(render(c)).containsOnly("{\"type_id\":5,\"value\":\"hi\"}").hasSize(3);
        Canonical nulls = TestNodes.decode(TestNodes.constant(Sv.nul()), UNION, 2, arena);
        assertThat(render(nulls)).containsExactly("null", "null");
        DType.Union nonNull = (DType.Union) UNION.withNullable(false);
        assertThat(render(Canonicals.zeros(nonNull, 2, Validity.ALL_VALID, arena::allocate)))
                .containsExactly("{\"type_id\":0,\"value\":0}", "{\"type_id\":0,\"value\":0}");
        byte[] undeclared = Proto.message().bytes(12, Proto.message().varint(1, 3).bytes(2, Sv.i64(1)).build()).build();
        assertThatThrownBy(() -> TestNodes.decode(TestNodes.constant(undeclared), UNION, 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("does not declare");
    }

    @Test
    void edgeLengths() {
        Node empty = Node.of(UnionEncoding.ID, new byte[0], List.of(), TestNodes.u8(), TestNodes.i64(), strings());
        assertThat(TestSupport.rows(TestNodes.decode(empty, UNION, 0, arena))).isEmpty();
        DType.Union none = new DType.Union(List.of(), List.of(), List.of(), true);
        Node allNull = Node.of(UnionEncoding.ID, new byte[0], List.of(), TestNodes.u8(0, 0).with(TestNodes.bools(false,
                false)));
        assertThat(render(TestNodes.decode(allNull, none, 2, arena))).containsExactly("null", "null");
    }

    @Test
    void corruptNodesAreRejected() {
        assertThatThrownBy(() -> TestNodes.decode(sample(0, 5, 0, 1, 5), UNION, 5, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("type id 1");
        Node ids = TestNodes.u8(0);
        assertThatThrownBy(() -> TestNodes.decode(Node.of(UnionEncoding.ID, new byte[0], List.of(), ids,
                TestNodes.i64(1)), UNION, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(UnionEncoding.ID, new byte[] {1}, List.of(), ids,
                TestNodes.i64(1), strings("a")), UNION, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("metadata");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(UnionEncoding.ID, new byte[0], List.of(new byte[1]), ids,
                TestNodes.i64(1), strings("a")), UNION, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("buffers");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(UnionEncoding.ID, new byte[0], List.of(), ids,
                TestNodes.i64(1), strings("a")), new DType.Utf8(true), 1, arena)).isInstanceOf(VortexException.class);
        DType.Union mismatched = new DType.Union(List.of("i"), List.of(new DType.Primitive(PType.I64, true)),
                List.of(), true);
        assertThatThrownBy(() -> TestNodes.decode(Node.of(UnionEncoding.ID, new byte[0], List.of(), ids,
                TestNodes.i64(1)), mismatched, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("type ids");
    }
}
