package io.jvortex.internal.encodings.map;

import static io.jvortex.array.TestNodes.Node;
import static io.jvortex.array.TestNodes.Proto;
import static io.jvortex.array.TestNodes.Sv;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Column;
import io.jvortex.api.MapColumn;
import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.Canonicals;
import io.jvortex.array.Concat;
import io.jvortex.array.Golden;
import io.jvortex.array.MapArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.ScalarAt;
import io.jvortex.array.Take;
import io.jvortex.array.TestNodes;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.testutil.Walk;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class MapEncodingTest {
    private static final DType I64 = new DType.Primitive(PType.I64, false);
    private static final DType.Map MAP = new DType.Map(I64, I64.withNullable(true), false, true);
    private final Arena arena = Arena.ofAuto();

    private static byte[] listViewMeta(long elementsLen, PType offsets, PType sizes) {
        return Proto.message().varint(1, elementsLen).varint(2, offsets.id()).varint(3, sizes.id()).build();
    }

    /** Keys 1..4, values 10, null, 30, 40; rows {1:10, 2:null}, null, {}, {4:30, 3:40} (views unordered). */
    private static Node sample() {
        Node values = Node.of("vortex.primitive", new byte[0], List.of(TestNodes.i64(10, 0, 30, 40).buffers().get(0)),
                TestNodes.bools(true, false, true, true));
        Node entries = Node.of("vortex.struct", new byte[0], List.of(), TestNodes.i64(1, 2, 4, 3), values);
        Node listView = Node.of("vortex.listview", listViewMeta(4, PType.U8, PType.U8), List.of(), entries,
                TestNodes.u8(0, 0, 0, 2), TestNodes.u8(2, 0, 0, 2), TestNodes.bools(true, false, true, true));
        return Node.of(MapEncoding.ID, new byte[0], List.of(), listView);
    }

    private static List<String> render(Canonical array) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < array.length(); i++) {
            out.add(JsonlWriter.toJson(array, i));
        }
        return out;
    }

    private static List<Object> pair(Object k, Object v) {
        return Arrays.asList(k, v);
    }

    @Test
    void goldenStringKeyedMaps() {
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            if (Golden.mod(Golden.h(91, i), 7) == 0) {
                expected.add(null);
                continue;
            }
            List<Object> row = new ArrayList<>();
            for (int k = 0; k < Golden.mod(Golden.h(92, i), 4); k++) {
                long e = 4L * i + k;
                Object v = Golden.mod(Golden.h(94, e), 5) == 0 ? null : (long) (int) Golden.h(95, e);
                row.add(pair("k" + Golden.mod(Golden.h(93, e), 50), v));
            }
            expected.add(row);
        }
        assertThat(Golden.column("map/map.vortex", "m")).isEqualTo(expected);
    }

    @Test
    void goldenIntKeyedMaps() {
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            List<Object> row = new ArrayList<>();
            for (int k = 0; k < Golden.mod(Golden.h(96, i), 3); k++) {
                long e = 3L * i + k;
                row.add(pair(Golden.mod(Golden.h(97, e), 1000), "v" + Golden.mod(Golden.h(98, e), 100)));
            }
            expected.add(row);
        }
        assertThat(Golden.column("map/map.vortex", "mi")).isEqualTo(expected);
    }

    @Test
    void decodesEntriesInStorageOrderWithNullsAndEmptyMaps() {
        Canonical out = TestNodes.decode(sample(), MAP, 4, arena);
        assertThat(out).isInstanceOf(MapArray.class);
        assertThat(TestSupport.rows(out)).containsExactly(List.of(pair(1L, 10L), pair(2L, null)), null, List.of(),
                List.of(pair(4L, 30L), pair(3L, 40L)));
        assertThat(render(out)).containsExactly("[[1,10],[2,null]]", "null", "[]", "[[4,30],[3,40]]");
        Walk.checksum(out);
        MapColumn column = Column.of("m", out).asMaps();
        assertThat(column.size(3)).isEqualTo(2);
        assertThat(column.keys().asLongs().get(column.start(3))).isEqualTo(4L);
        assertThat(column.values().isNull(1)).isTrue();
        assertThat(column.isNull(1)).isTrue();
    }

    @Test
    void sliceTakeConcatAndScalars() {
        MapArray m = (MapArray) TestNodes.decode(sample(), MAP, 4, arena);
        assertThat(TestSupport.rows(m.slice(2, 2))).containsExactly(List.of(), List.of(pair(4L, 30L), pair(3L, 40L)));
        MemorySegment idx = arena.allocate(12);
        idx.setAtIndex(java.lang.foreign.ValueLayout.JAVA_INT, 0, 3);
        idx.setAtIndex(java.lang.foreign.ValueLayout.JAVA_INT, 1, 1);
        idx.setAtIndex(java.lang.foreign.ValueLayout.JAVA_INT, 2, 0);
        Canonical taken = Take.take(m, new PrimitiveArray(new DType.Primitive(PType.I32, false), idx, 3,
                Validity.ALL_VALID), arena::allocate);
        assertThat(TestSupport.rows(taken)).containsExactly(List.of(pair(4L, 30L), pair(3L, 40L)), null,
                List.of(pair(1L, 10L), pair(2L, null)));
        Canonical both = Concat.concat(MAP, List.of(m, m.slice(0, 1)), arena::allocate);
        assertThat(both).isInstanceOf(MapArray.class);
        assertThat(TestSupport.rows(both)).hasSize(5).last().isEqualTo(List.of(pair(1L, 10L), pair(2L, null)));
        assertThat(ScalarAt.get(m, 3).value()).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST).hasSize(2);
        Canonical nulls = Canonicals.zeros(MAP, 3, Validity.ALL_INVALID, arena::allocate);
        assertThat(TestSupport.rows(nulls)).containsExactly(null, null, null);
    }

    @Test
    void edgeLengthsAndAllNull() {
        Node empty = Node.of(MapEncoding.ID, new byte[0], List.of(), Node.of("vortex.listview",
                listViewMeta(0, PType.U8, PType.U8), List.of(),
                Node.of("vortex.struct", new byte[0], List.of(), TestNodes.i64(), TestNodes.i64()),
                TestNodes.u8(), TestNodes.u8()));
        DType.Map nonNull = new DType.Map(I64, I64, true, false);
        assertThat(TestSupport.rows(TestNodes.decode(empty, nonNull, 0, arena))).isEmpty();
        Node allNull = Node.of(MapEncoding.ID, new byte[0], List.of(), Node.of("vortex.listview",
                listViewMeta(0, PType.U8, PType.U8), List.of(),
                Node.of("vortex.struct", new byte[0], List.of(), TestNodes.i64(), TestNodes.i64()),
                TestNodes.u8(0, 0), TestNodes.u8(0, 0), TestNodes.bools(false, false)));
        DType.Map nullableValues = new DType.Map(I64, I64, false, true);
        Canonical out = TestNodes.decode(allNull, nullableValues, 2, arena);
        assertThat(TestSupport.rows(out)).containsExactly(null, null);
        assertThat(render(out)).containsExactly("null", "null");
    }

    @Test
    void constantEntriesExpand() {
        // a constant list of one {key: 7, value: 8} entry, repeated over three rows
        Node constant = TestNodes.constant(Sv.list(Sv.list(Sv.i64(7), Sv.i64(8))));
        Node node = Node.of(MapEncoding.ID, new byte[0], List.of(), constant);
        DType.Map nonNull = new DType.Map(I64, I64, false, false);
        Canonical out = TestNodes.decode(node, nonNull, 3, arena);
        assertThat(render(out)).containsExactly("[[7,8]]", "[[7,8]]", "[[7,8]]");
    }

    @Test
    void corruptNodesAreRejected() {
        Node listView = sample().children().get(0);
        assertThatThrownBy(() -> TestNodes.decode(Node.of(MapEncoding.ID, new byte[] {1}, List.of(), listView), MAP,
                4, arena)).isInstanceOf(VortexException.class).hasMessageContaining("metadata");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(MapEncoding.ID, new byte[0], List.of()), MAP, 4, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(MapEncoding.ID, new byte[0], List.of(new byte[1]),
                listView), MAP, 4, arena)).isInstanceOf(VortexException.class).hasMessageContaining("buffers");
        assertThatThrownBy(() -> TestNodes.decode(sample(), new DType.List(I64, true), 4, arena))
                .isInstanceOf(VortexException.class);
        // the entries child must be a list: a primitive child of the list dtype is rejected by its own decoder
        assertThatThrownBy(() -> TestNodes.decode(Node.of(MapEncoding.ID, new byte[0], List.of(),
                TestNodes.i64(1, 2, 3, 4)), MAP, 4, arena)).isInstanceOf(VortexException.class);
    }
}
