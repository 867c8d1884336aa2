package io.jvortex.internal.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.RandomArrays;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.internal.format.DTypeFlatbuffers;
import io.jvortex.dtype.PType;
import io.jvortex.internal.flatbuffers.FbTable;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link DTypeWriter} output read back by {@link DTypeFlatbuffers}. */
class DTypeWriterTest {
    private static DType roundTrip(DType dtype) {
        byte[] blob = DTypeWriter.serialize(dtype);
        return DTypeFlatbuffers.read(FbTable.root(MemorySegment.ofArray(blob), new FbTable.Origin("t", 0, "dtype")));
    }

    @Test
    void everyDTypeRoundTrips() {
        List<DType> all = new java.util.ArrayList<>(FileWriterTest.everyDType());
        DType i32 = new DType.Primitive(PType.I32, false);
        all.add(new DType.Variant(true));
        all.add(new DType.Variant(false));
        all.add(new DType.Union(List.of("a", "b"), List.of(i32, new DType.Utf8(true)), List.of(0, 200), true));
        all.add(new DType.Map(new DType.Utf8(false), new DType.List(i32, true), true, true));
        all.add(new DType.Map(i32, i32, false, false));
        all.add(new DType.Extension("vortex.uuid", new DType.FixedSizeList(new DType.Primitive(PType.U8, false), 16, true),
                new byte[0]));
        all.add(new DType.Extension("some.other", new DType.Struct(List.of("x"), List.of(i32), true), new byte[] {9, 8}));
        all.add(new DType.Decimal(76, -128, true));
        all.add(new DType.FixedSizeList(i32, Integer.MAX_VALUE, false));
        all.add(new DType.Struct(List.of("dup", "dup", "ünï"), List.of(i32, i32, new DType.Null()), false));
        for (DType d : all) {
            assertThat(roundTrip(d)).as(d.display()).isEqualTo(d);
        }
    }

    @Test
    void randomNestedDTypesRoundTrip() {
        SplittableRandom r = TestSupport.random("DTypeWriterTest.randomNestedDTypesRoundTrip");
        try (Arena arena = Arena.ofConfined()) {
            RandomArrays gen = new RandomArrays(r, TestSupport.allocator(arena));
            for (int i = 0; i < 500; i++) {
                DType d = gen.dtype(4);
                assertThat(roundTrip(d)).isEqualTo(d);
            }
        }
    }

    @Test
    void defaultsAreOmittedAndTheExtensionMetadataIsAlwaysPresent() {
        byte[] blob = DTypeWriter.serialize(new DType.Primitive(PType.U8, false));
        FbTable t = FbTable.root(MemorySegment.ofArray(blob), new FbTable.Origin("t", 0, "dtype"));
        assertThat(t.u8(0, 0)).isEqualTo(3);
        assertThat(t.table(1).has(0)).isFalse();
        assertThat(t.table(1).has(1)).isFalse();
        blob = DTypeWriter.serialize(new DType.Extension("x", new DType.Bool(true), new byte[0]));
        t = FbTable.root(MemorySegment.ofArray(blob), new FbTable.Origin("t", 0, "dtype")).table(1);
        assertThat(t.has(2)).isTrue();
        assertThat(t.vectorLength(2)).isZero();
    }
}
