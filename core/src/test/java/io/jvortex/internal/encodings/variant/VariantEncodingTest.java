package io.jvortex.internal.encodings.variant;

import static io.jvortex.array.TestNodes.Node;
import static io.jvortex.array.TestNodes.Proto;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.Canonicals;
import io.jvortex.array.Concat;
import io.jvortex.array.Golden;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Take;
import io.jvortex.array.TestNodes;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.array.VariantArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.DTypeProto;
import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.parquetvariant.ParquetVariantEncoding;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.testutil.Walk;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class VariantEncodingTest {
    private static final DType.Variant VARIANT = new DType.Variant(true);
    private final Arena arena = Arena.ofAuto();

    /** A {@code vortex.varbin} node of binary values with i32 offsets (no validity). */
    private static Node binaries(byte[]... values) {
        int[] offsets = new int[values.length + 1];
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < values.length; i++) {
            bytes.writeBytes(values[i]);
            offsets[i + 1] = bytes.size();
        }
        return Node.of("vortex.varbin", Proto.message().varint(1, PType.I32.id()).build(), List.of(bytes.toByteArray()),
                TestNodes.i32(offsets));
    }

    private static byte[] i64DType(boolean nullable) {
        byte[] primitive = Proto.message().varint(1, PType.I64.id()).varint(2, nullable ? 1 : 0).build();
        return Proto.message().bytes(3, primitive).build();
    }

    private static List<String> render(Canonical array) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < array.length(); i++) {
            out.add(JsonlWriter.toJson(array, i));
        }
        return out;
    }

    @Test
    void goldenRustWrittenVariants() {
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            if (i % 5 == 4) {
                expected.add(null);
                continue;
            }
            byte[] value;
            if (i % 2 == 0) {
                value = new byte[] {0x0C, (byte) (i % 128)};
            } else {
                byte[] s = ("s" + i % 10).getBytes();
                value = new byte[1 + s.length];
                value[0] = (byte) ((s.length << 2) | 1);
                System.arraycopy(s, 0, value, 1, s.length);
            }
            expected.add(Arrays.asList("0x010000", "0x" + HexFormat.of().formatHex(value), null, null));
        }
        assertThat(Golden.column("variant/variant.vortex", "v")).isEqualTo(expected);
    }

    /** A Rust-written shredded column: the 0.91 writer moved typed_value into vortex.variant's shredded child. */
    @Test
    void goldenShreddedVariants() {
        assertThat(Golden.column("variant/shredded.vortex", "v")).containsExactly(
                Arrays.asList("0x010000", null, null, 7L), Arrays.asList("0x010000", "0x0c05", null, null), null,
                Arrays.asList("0x010000", null, null, 9L));
    }

    @Test
    void unshreddedParquetVariantRendersItsColumns() {
        byte[] meta = Proto.message().varint(1, 1).varint(3, 1).build();
        Node node = Node.of(ParquetVariantEncoding.ID, meta, List.of(), TestNodes.bools(true, false, true),
                binaries(new byte[] {1, 0, 0}, new byte[] {1, 0, 0}, new byte[] {1, 0, 0}),
                Node.of("vortex.varbin", Proto.message().varint(1, PType.I32.id()).build(), List.of(new byte[] {12, 5}),
                        TestNodes.i32(0, 2, 2, 2), TestNodes.bools(true, true, false)));
        Canonical out = TestNodes.decode(Node.of(VariantEncoding.ID, new byte[0], List.of(), node), VARIANT, 3, arena);
        assertThat(out).isInstanceOf(VariantArray.class);
        assertThat(render(out)).containsExactly("{\"metadata\":\"010000\",\"value\":\"0c05\"}", "null",
                "{\"metadata\":\"010000\",\"value\":null}");
        Walk.checksum(out);
    }

    @Test
    void shreddedChildrenAreExposed() {
        // typed_value only (perfectly shredded i64), no validity, plus a vortex.variant shredded tree
        byte[] meta = Proto.message().bytes(2, i64DType(true)).build();
        Node parquet = Node.of(ParquetVariantEncoding.ID, meta, List.of(), binaries(new byte[] {1, 0, 0},
                new byte[] {1, 0, 0}), TestNodes.i64(7, -1));
        Node node = Node.of(VariantEncoding.ID, Proto.message().bytes(1, i64DType(false)).build(), List.of(), parquet,
                TestNodes.i64(70, -10));
        DType.Variant nonNull = new DType.Variant(false);
        Canonical out = TestNodes.decode(node, nonNull, 2, arena);
        assertThat(render(out)).containsExactly("{\"metadata\":\"010000\",\"typed_value\":7,\"shredded\":70}",
                "{\"metadata\":\"010000\",\"typed_value\":-1,\"shredded\":-10}");
        VariantArray v = (VariantArray) out;
        MemorySegment idx = arena.allocate(8);
        idx.setAtIndex(ValueLayout.JAVA_INT, 0, 1);
        idx.setAtIndex(ValueLayout.JAVA_INT, 1, 1);
        Canonical taken = Take.take(v, new PrimitiveArray(new DType.Primitive(PType.I32, false), idx, 2,
                Validity.ALL_VALID), arena::allocate);
        assertThat(render(taken)).containsOnly("{\"metadata\":\"010000\",\"typed_value\":-1,\"shredded\":-10}");
        Canonical both = Concat.concat(nonNull, List.of(v, v.slice(0, 1)), arena::allocate);
        assertThat(render(both)).hasSize(3).last().isEqualTo(render(v).getFirst());
        assertThat(render(v.slice(1, 1))).containsExactly(render(v).get(1));
    }

    @Test
    void allNullAndEmpty() {
        Canonical nulls = Canonicals.zeros(VARIANT, 3, Validity.ALL_INVALID, arena::allocate);
        assertThat(render(nulls)).containsExactly("null", "null", "null");
        byte[] meta = Proto.message().varint(1, 1).build();
        Node empty = Node.of(ParquetVariantEncoding.ID, meta, List.of(), binaries(), binaries());
        assertThat(TestSupport.rows(TestNodes.decode(empty, VARIANT, 0, arena))).isEmpty();
    }

    @Test
    void corruptNodesAreRejected() {
        byte[] valueOnly = Proto.message().varint(1, 1).build();
        Node meta1 = binaries(new byte[] {1, 0, 0});
        Node value1 = binaries(new byte[] {0});
        // neither value nor typed_value
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ParquetVariantEncoding.ID, new byte[0], List.of(), meta1),
                VARIANT, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("at least one");
        // too many / too few children
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ParquetVariantEncoding.ID, valueOnly, List.of(),
                TestNodes.bools(true), meta1, value1, value1), VARIANT, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ParquetVariantEncoding.ID, valueOnly, List.of(), meta1),
                VARIANT, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("children");
        // buffers, wrong dtype
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ParquetVariantEncoding.ID, valueOnly, List.of(new byte[1]),
                meta1, value1), VARIANT, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("buffers");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ParquetVariantEncoding.ID, valueOnly, List.of(), meta1,
                value1), new DType.Binary(true), 1, arena)).isInstanceOf(VortexException.class);
        // a validity child on a non-nullable variant
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ParquetVariantEncoding.ID, valueOnly, List.of(),
                TestNodes.bools(true), meta1, value1), new DType.Variant(false), 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("validity");
        // a broken typed_value dtype
        byte[] badTyped = Proto.message().bytes(2, new byte[] {(byte) 0x1A, 2, 8, 99}).build();
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ParquetVariantEncoding.ID, badTyped, List.of(), meta1,
                TestNodes.i64(1)), VARIANT, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("typed_value dtype");
        // vortex.variant: shredded dtype without the child; core storage that is not a variant
        Node core = Node.of(ParquetVariantEncoding.ID, valueOnly, List.of(), meta1, value1);
        assertThatThrownBy(() -> TestNodes.decode(Node.of(VariantEncoding.ID,
                Proto.message().bytes(1, i64DType(false)).build(), List.of(), core), VARIANT, 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(VariantEncoding.ID, new byte[0], List.of(new byte[2]), core),
                VARIANT, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("buffers");
    }

    @Test
    void protoDTypesParse() {
        byte[] utf8 = Proto.message().bytes(5, Proto.message().varint(1, 1).build()).build();
        byte[] struct = Proto.message().bytes(7, Proto.message().bytes(1, "a".getBytes()).bytes(2, i64DType(false))
                .bytes(1, "b".getBytes()).bytes(2, utf8).varint(3, 1).build()).build();
        assertThat(DTypeProto.read(MemorySegment.ofArray(struct))).isEqualTo(new DType.Struct(List.of("a", "b"),
                List.of(new DType.Primitive(PType.I64, false), new DType.Utf8(true)), true));
        byte[] list = Proto.message().bytes(8, Proto.message().bytes(1, utf8).varint(2, 1).build()).build();
        assertThat(DTypeProto.read(MemorySegment.ofArray(list))).isEqualTo(new DType.List(new DType.Utf8(true), true));
        byte[] decimal = Proto.message().bytes(4, Proto.message().varint(1, 10).varint(2, 2).build()).build();
        assertThat(DTypeProto.read(MemorySegment.ofArray(decimal))).isEqualTo(new DType.Decimal(10, 2, false));
        byte[] ext = Proto.message().bytes(9, Proto.message().bytes(1, "x.y".getBytes()).bytes(2, i64DType(true))
                .bytes(3, new byte[] {4}).build()).build();
        assertThat(DTypeProto.read(MemorySegment.ofArray(ext)))
                .isEqualTo(new DType.Extension("x.y", new DType.Primitive(PType.I64, true), new byte[] {4}));
        assertThatThrownBy(() -> DTypeProto.read(MemorySegment.ofArray(new byte[0])))
                .isInstanceOf(VortexException.class).hasMessageContaining("no type");
        assertThatThrownBy(() -> DTypeProto.read(MemorySegment.ofArray(
                Proto.message().bytes(13, new byte[0]).build()))).isInstanceOf(VortexException.class)
                .hasMessageContaining("unsupported");
        byte[] deep = utf8;
        for (int i = 0; i < 70; i++) {
            deep = Proto.message().bytes(8, Proto.message().bytes(1, deep).build()).build();
        }
        byte[] tooDeep = deep;
        assertThatThrownBy(() -> DTypeProto.read(MemorySegment.ofArray(tooDeep))).isInstanceOf(VortexException.class)
                .hasMessageContaining("deeper");
    }
}
