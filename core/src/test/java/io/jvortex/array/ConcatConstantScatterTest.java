package io.jvortex.array;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.scalar.Scalar;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ConcatConstantScatterTest {
    private final Arena arena = Arena.ofAuto();
    private final Allocator alloc = TestSupport.allocator(arena);

    @Test
    void randomConcatsMatchNaive() {
        SplittableRandom r = TestSupport.random("ConcatConstantScatterTest.randomConcatsMatchNaive");
        RandomArrays gen = new RandomArrays(r, alloc);
        for (int iter = 0; iter < 300; iter++) {
            DType dtype = gen.dtype(2);
            int chunks = r.nextInt(0, 5);
            List<Canonical> parts = new ArrayList<>();
            List<Object> expected = new ArrayList<>();
            for (int c = 0; c < chunks; c++) {
                // Non-nullable chunks may go into a nullable result.
                DType partType = dtype.nullable() && r.nextInt(4) == 0 ? dtype.withNullable(false) : dtype;
                Canonical part = gen.array(partType, r.nextInt(0, 80));
                parts.add(part);
                expected.addAll(TestSupport.rows(part));
            }
            Canonical out = Concat.concat(dtype, parts, alloc);
            assertThat(out.dtype()).isEqualTo(dtype);
            assertThat(TestSupport.rows(out)).as("iteration %d %s", iter, dtype.display()).isEqualTo(expected);
        }
    }

    @Test
    void concatRejectsOtherDTypes() {
        Canonical a = Canonicals.zeros(new DType.Bool(true), 2, Validity.ALL_VALID, alloc);
        assertThatThrownBy(() -> Concat.concat(new DType.Bool(false), List.of(a), alloc))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void concatOfDecimalsOfDifferentWidthsSignExtends() {
        DType.Decimal d = new DType.Decimal(10, 2, false);
        Canonical a = Constant.expand(new Scalar(d, BigInteger.valueOf(-5)), 2, alloc);
        MemorySegment wide = alloc.allocate(16);
        wide.set(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED, 0, 7);
        Canonical b = new DecimalArray(d, 16, wide, 1, Validity.ALL_VALID);
        Canonical out = Concat.concat(d, List.of(a, b), alloc);
        assertThat(TestSupport.rows(out)).containsExactly(BigInteger.valueOf(-5), BigInteger.valueOf(-5),
                BigInteger.valueOf(7));
    }

    @Test
    void randomConstantsMatchTheirScalar() {
        SplittableRandom r = TestSupport.random("ConcatConstantScatterTest.randomConstantsMatchTheirScalar");
        RandomArrays gen = new RandomArrays(r, alloc);
        for (int iter = 0; iter < 300; iter++) {
            DType dtype = gen.dtype(2);
            Canonical source = gen.array(dtype, 3);
            int row = r.nextInt(3);
            Scalar s = RandomArrays.scalarAt(source, row);
            assertThat(TestSupport.value(s)).isEqualTo(TestSupport.row(source, row));
            int length = new int[] {0, 1, 2, 7, 1023, 1024, 1025}[r.nextInt(7)];
            Canonical out = Constant.expand(s, length, alloc);
            assertThat(out.dtype()).isEqualTo(dtype);
            assertThat(out.length()).isEqualTo(length);
            assertThat(TestSupport.rows(out)).as("iteration %d %s", iter, s)
                    .isEqualTo(Collections.nCopies(length, TestSupport.value(s)));
        }
    }

    @Test
    void constantEdgeCases() {
        assertThat(TestSupport.rows(Constant.expand(new Scalar(new DType.Bool(false), true), 1025, alloc)))
                .isEqualTo(Collections.nCopies(1025, true));
        assertThat(TestSupport.rows(Constant.expand(new Scalar(new DType.Primitive(PType.F64, true), -0.0), 3, alloc)))
                .containsExactly(TestSupport.f64(-0.0), TestSupport.f64(-0.0), TestSupport.f64(-0.0));
        assertThat(TestSupport.rows(Constant.expand(new Scalar(new DType.Primitive(PType.U64, false), -1L), 2, alloc)))
                .containsExactly(-1L, -1L);
        assertThat(TestSupport.rows(Constant.expand(Scalar.nullOf(new DType.Utf8(true)), 2, alloc)))
                .containsExactly(null, null);
        Canonical decimal = Constant.expand(new Scalar(new DType.Decimal(3, 0, false),
                BigInteger.TWO.pow(100).negate()), 2, alloc);
        assertThat(TestSupport.rows(decimal)).containsExactly(BigInteger.TWO.pow(100).negate(),
                BigInteger.TWO.pow(100).negate());
        assertThatThrownBy(() -> Constant.expand(new Scalar(new DType.Decimal(76, 0, false), BigInteger.TWO.pow(300)), 1,
                alloc)).isInstanceOf(VortexException.class).hasMessageContaining("256 bits");
        assertThatThrownBy(() -> Constant.expand(new Scalar(new DType.FixedSizeList(new DType.Bool(false), 1 << 20, false),
                java.util.Collections.nCopies(1 << 20, new Scalar(new DType.Bool(false), true))), 1 << 12, alloc))
                .isInstanceOf(VortexException.class).hasMessageContaining("exceeds the limit");
        assertThatThrownBy(() -> Constant.expand(Scalar.nullOf(new DType.Bool(false)), 1, alloc))
                .isInstanceOf(VortexException.class);
        assertThatThrownBy(() -> Constant.expand(new Scalar(new DType.Variant(false), new byte[0]), 1, alloc))
                .isInstanceOf(VortexException.class);
        assertThatThrownBy(() -> Constant.expand(new Scalar(new DType.Bool(false), 3L), 1, alloc))
                .isInstanceOf(VortexException.class);
    }

    @Test
    void randomScattersMatchNaive() {
        SplittableRandom r = TestSupport.random("ConcatConstantScatterTest.randomScattersMatchNaive");
        RandomArrays gen = new RandomArrays(r, alloc);
        for (int iter = 0; iter < 300; iter++) {
            DType dtype = gen.dtype(2);
            int length = r.nextInt(0, 150);
            List<Integer> pos = new ArrayList<>();
            for (int i = 0; i < length; i++) {
                if (r.nextInt(4) == 0) {
                    pos.add(i);
                }
            }
            int[] positions = pos.stream().mapToInt(Integer::intValue).toArray();
            DType valuesType = dtype.nullable() && r.nextBoolean() ? dtype.withNullable(false) : dtype;
            Canonical values = gen.array(valuesType, positions.length);
            List<Object> patch = TestSupport.rows(values);
            if (r.nextBoolean()) {
                Canonical base = gen.array(dtype, length);
                List<Object> expected = new ArrayList<>(TestSupport.rows(base));
                for (int k = 0; k < positions.length; k++) {
                    expected.set(positions[k], patch.get(k));
                }
                List<Object> before = TestSupport.rows(base);
                Canonical out = Scatter.patch(base, positions, values, alloc);
                assertThat(out.dtype()).isEqualTo(dtype);
                assertThat(TestSupport.rows(out)).as("iteration %d %s", iter, dtype.display()).isEqualTo(expected);
                assertThat(TestSupport.rows(base)).as("base unchanged").isEqualTo(before);
            } else {
                Scalar fill = RandomArrays.scalarAt(gen.array(dtype, 1), 0);
                List<Object> expected = new ArrayList<>(Collections.nCopies(length, TestSupport.value(fill)));
                for (int k = 0; k < positions.length; k++) {
                    expected.set(positions[k], patch.get(k));
                }
                Canonical out = Scatter.fillAndPatch(fill, length, positions, values, alloc);
                assertThat(out.dtype()).isEqualTo(dtype);
                assertThat(TestSupport.rows(out)).as("iteration %d %s", iter, dtype.display()).isEqualTo(expected);
            }
        }
    }

    @Test
    void scatterChecksPositions() {
        Canonical base = Canonicals.zeros(new DType.Primitive(PType.I32, false), 4, Validity.ALL_VALID, alloc);
        Canonical values = Canonicals.zeros(new DType.Primitive(PType.I32, false), 2, Validity.ALL_VALID, alloc);
        assertThatThrownBy(() -> Scatter.patch(base, new int[] {2, 2}, values, alloc))
                .isInstanceOf(VortexException.class).hasMessageContaining("does not increase");
        assertThatThrownBy(() -> Scatter.patch(base, new int[] {1, 4}, values, alloc))
                .isInstanceOf(VortexException.class).hasMessageContaining("outside");
    }

    @Test
    void bitCopiesAtEveryAlignment() {
        SplittableRandom r = TestSupport.random("ConcatConstantScatterTest.bitCopiesAtEveryAlignment");
        for (int iter = 0; iter < 2000; iter++) {
            int srcBits = r.nextInt(1, 300);
            MemorySegment src = alloc.allocate(BitBuffers.bytesFor(srcBits));
            boolean[] ref = new boolean[srcBits];
            for (int i = 0; i < srcBits; i++) {
                ref[i] = r.nextBoolean();
                Validity.Bits.set(src, i, ref[i]);
            }
            int from = r.nextInt(srcBits);
            int count = r.nextInt(srcBits - from + 1);
            int to = r.nextInt(20);
            MemorySegment dst = alloc.allocate(BitBuffers.bytesFor(to + count + 5));
            dst.fill((byte) 0x5A);
            boolean[] before = new boolean[to + count + 5];
            for (int i = 0; i < before.length; i++) {
                before[i] = Validity.Bits.get(dst, i);
            }
            BitBuffers.copy(src, from, dst, to, count);
            for (int i = 0; i < before.length; i++) {
                boolean want = i >= to && i < to + count ? ref[from + i - to] : before[i];
                assertThat(Validity.Bits.get(dst, i)).as("iter %d bit %d", iter, i).isEqualTo(want);
            }
        }
    }
}
