package io.jvortex.internal.write;

import io.jvortex.spi.CanonicalEncoder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.array.Canonical;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.RandomArrays;
import io.jvortex.array.TestArrays;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.flatbuffers.FbTable;
import io.jvortex.scalar.Scalar;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Serialized segments decoded by our decoders, plus the byte-level rules of a flat segment (§5.1). */
class ArraySerializerTest {
    private static Canonical decode(ArraySerializer.Segment segment, ArrayIds ids, DType dtype, int length,
                                    Arena arena) {
        MemorySegment seg = arena.allocate(Math.max(1, segment.byteLength()), segment.alignment())
                .asSlice(0, segment.byteLength());
        MemorySegment.copy(MemorySegment.ofArray(segment.toByteArray()), 0, seg, 0, segment.byteLength());
        SerializedArray parsed = SerializedArray.parse(seg, 0, ids.ids(), "test", "root");
        return new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 30).decode(parsed.root(), dtype,
                length);
    }

    /** Checks padding, alignment and the trailer against the segment rules. */
    private static void checkLayout(ArraySerializer.Segment segment) {
        byte[] bytes = segment.toByteArray();
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int fbLen = b.getInt(bytes.length - 4);
        int fbStart = bytes.length - 4 - fbLen;
        assertThat(fbStart % 8).isZero();
        FbTable array = FbTable.root(MemorySegment.ofArray(bytes).asSlice(fbStart, fbLen),
                new FbTable.Origin("t", fbStart, "array"));
        MemorySegment descriptors = array.structVector(1, 8);
        long pos = 0;
        int maxAlign = 8;
        for (long d = 0; d < descriptors.byteSize(); d += 8) {
            int padding = Short.toUnsignedInt(descriptors.get(ValueLayout.JAVA_SHORT_UNALIGNED, d));
            int alignment = 1 << descriptors.get(ValueLayout.JAVA_BYTE, d + 2);
            assertThat(descriptors.get(ValueLayout.JAVA_BYTE, d + 3)).isZero();
            long length = Integer.toUnsignedLong(descriptors.get(ValueLayout.JAVA_INT_UNALIGNED, d + 4));
            for (int k = 0; k < padding; k++) {
                assertThat(bytes[(int) pos + k]).isZero();
            }
            pos += padding;
            assertThat(pos % alignment).isZero();
            assertThat(padding).isLessThan(alignment);
            maxAlign = Math.max(maxAlign, alignment);
            pos += length;
        }
        assertThat(fbStart - pos).isBetween(0L, 7L);
        assertThat(segment.alignment()).isEqualTo(maxAlign);
        assertThat(array.table(0)).isNotNull();
    }

    @Test
    void randomArraysDecodeToTheSameRows() {
        SplittableRandom r = TestSupport.random("ArraySerializerTest.randomArraysDecodeToTheSameRows");
        try (Arena arena = Arena.ofConfined()) {
            RandomArrays gen = new RandomArrays(r, TestSupport.allocator(arena));
            for (int k = 0; k < 400; k++) {
                DType dtype = gen.dtype(3);
                int length = switch (r.nextInt(6)) {
                    case 0 -> 0;
                    case 1 -> 1;
                    case 2 -> 1023 + r.nextInt(3);
                    default -> r.nextInt(70);
                };
                Canonical array = gen.array(dtype, length);
                ArrayIds ids = ArrayIds.forDTypes(List.of(dtype));
                ArraySerializer.Segment segment = ArraySerializer.serialize(CanonicalEncoder.encode(array), ids);
                checkLayout(segment);
                assertThat(TestSupport.rows(decode(segment, ids, dtype, length, arena)))
                        .as("%s × %d", dtype.display(), length).isEqualTo(TestSupport.rows(array));
            }
        }
    }

    @Test
    void constantNodesRepeatTheirScalar() {
        try (Arena arena = Arena.ofConfined()) {
            DType list = new DType.List(new DType.Utf8(true), true);
            Scalar value = new Scalar(list, List.of(new Scalar(new DType.Utf8(true), "ab".getBytes()),
                    Scalar.nullOf(new DType.Utf8(true))));
            ArrayIds ids = new ArrayIds(List.of());
            Canonical c = decode(ArraySerializer.serialize(CanonicalEncoder.constant(value), ids), ids, list, 3, arena);
            assertThat(TestSupport.rows(c)).containsExactly(rowsOf(value, 3));
            assertThat(TestSupport.rows(c).get(0)).isEqualTo(java.util.Arrays.asList("ab", null));
            DType i32 = new DType.Primitive(PType.I32, true);
            Canonical nulls = decode(ArraySerializer.serialize(CanonicalEncoder.constant(Scalar.nullOf(i32)), ids), ids,
                    i32, 4, arena);
            assertThat(TestSupport.rows(nulls)).containsExactly(null, null, null, null);
            assertThat(ids.ids()).containsExactly("vortex.constant");
        }
    }

    private static Object[] rowsOf(Scalar value, int n) {
        Object[] out = new Object[n];
        java.util.Arrays.fill(out, TestSupport.value(value));
        return out;
    }

    /** The worked example of the format notes (§5.1, verified 0.91): root {@code f64?} [1.5, 2.5, null]. */
    @Test
    void theNullableF64ExampleHasTheReferenceBufferLayout() {
        Canonical array = TestArrays.f64(new double[] {1.5, 2.5, 0.0}, new boolean[] {true, true, false});
        ArrayIds ids = ArrayIds.forDTypes(List.of(array.dtype()));
        ArraySerializer.Segment segment = ArraySerializer.serialize(CanonicalEncoder.encode(array), ids);
        byte[] bytes = segment.toByteArray();
        assertThat(HexFormat.of().formatHex(bytes, 0, 32)).isEqualTo(
                "000000000000f83f" + "0000000000000440" + "0000000000000000" + "0300000000000000");
        MemorySegment seg = MemorySegment.ofArray(bytes);
        SerializedArray parsed = SerializedArray.parse(seg, 0, ids.ids(), "t", "root");
        ArrayNode root = parsed.root();
        assertThat(root.encodingId()).isEqualTo("vortex.primitive");
        assertThat(root.childCount()).isEqualTo(1);
        assertThat(root.child(0).encodingId()).isEqualTo("vortex.bool");
        assertThat(root.bufferOffset(0)).isZero();
        assertThat(root.child(0).bufferOffset(0)).isEqualTo(24);
        assertThat(root.hasStatistics()).isTrue();
        int fbLen = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(bytes.length - 4);
        FbTable arr = FbTable.root(seg.asSlice(bytes.length - 4 - fbLen, fbLen), new FbTable.Origin("t", 0, "a"));
        FbTable node = arr.table(0);
        for (int field = 1; field <= 4; field++) {
            assertThat(node.has(field)).as("ArrayNode field %d always written", field).isTrue();
        }
        assertThat(HexFormat.of().formatHex(arr.structVector(1, 8).toArray(ValueLayout.JAVA_BYTE)))
                .isEqualTo("0000030018000000" + "0000000001000000");
    }

    @Test
    void opaqueArraysCannotBeWritten() {
        assertThatThrownBy(() -> CanonicalEncoder.encode(new OpaqueArray("x.y", new DType.Bool(false), 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x.y");
    }
}
