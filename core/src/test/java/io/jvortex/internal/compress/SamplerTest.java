package io.jvortex.internal.compress;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.TestSupport;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.PType;
import java.lang.foreign.Arena;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Sampler#sample}: the same rows whatever the strings' form, strings in the offsets form kept in it
 * (holding only the sampled bytes), and small arrays returned as they are.
 */
class SamplerTest {

    @Test
    void stringSamplesKeepTheOffsetsFormAndTheRowsOfTheViewsForm() {
        SplittableRandom r = TestSupport.random("SamplerTest.strings");
        for (int round = 0; round < 20; round++) {
            int n = Sampler.SLICE * Sampler.MIN_SLICES + 1 + r.nextInt(20_000);
            String[] values = new String[n];
            boolean nullable = r.nextBoolean();
            for (int i = 0; i < n; i++) {
                values[i] = nullable && r.nextInt(5) == 0 ? null : "row " + i + "x".repeat(r.nextInt(30));
            }
            VarBinArray strings = TestArrays.varBin(true, values);
            // sliced, so the first offset is not 0
            int skip = r.nextInt(100);
            VarBinArray sliced = strings.slice(skip, n - skip);
            Canonical sample = Sampler.sample(sliced);
            VarBinViewArray views = TestArrays.varBinView(true, java.util.Arrays.copyOfRange(values, skip, n));
            Canonical viewSample = Sampler.sample(views);
            assertThat(sample).as("round %d", round).isInstanceOf(VarBinArray.class);
            assertThat(sample.length()).isEqualTo(viewSample.length());
            assertThat(TestSupport.rows(sample)).as("round %d", round).isEqualTo(TestSupport.rows(viewSample));
            VarBinArray v = (VarBinArray) sample;
            assertThat(v.offset(0)).isZero();
            assertThat(v.bytes().byteSize()).isEqualTo(v.offset(v.length()));
            // deterministic
            assertThat(TestSupport.rows(Sampler.sample(sliced))).isEqualTo(TestSupport.rows(sample));
        }
    }

    @Test
    void smallArraysAreTheirOwnSampleAndOtherTypesConcatenate() {
        VarBinArray small = TestArrays.varBin(true, new String[Sampler.SLICE * Sampler.MIN_SLICES]);
        assertThat(Sampler.sample(small)).isSameAs(small);
        long[] longs = new long[5000];
        for (int i = 0; i < longs.length; i++) {
            longs[i] = i;
        }
        PrimitiveArray p = TestArrays.primitive(PType.I64, false, longs, null);
        Canonical sample = Sampler.sample(p);
        assertThat(sample).isInstanceOf(PrimitiveArray.class);
        assertThat(sample.length()).isEqualTo(Sampler.SLICE * Sampler.MIN_SLICES);
        PrimitiveArray s = (PrimitiveArray) sample;
        for (int slice = 0; slice < Sampler.MIN_SLICES; slice++) {
            long first = s.getLong(slice * Sampler.SLICE);
            for (int i = 1; i < Sampler.SLICE; i++) {
                assertThat(s.getLong(slice * Sampler.SLICE + i)).isEqualTo(first + i);
            }
        }
        assertThat(VarBins.concat(small.dtype(), java.util.List.of(small), b -> Arena.ofAuto().allocate(b, 8))
                .length()).isEqualTo(small.length());
    }
}
