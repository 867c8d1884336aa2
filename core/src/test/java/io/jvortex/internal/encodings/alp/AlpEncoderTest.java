package io.jvortex.internal.encodings.alp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.TestSupport;
import io.jvortex.internal.encodings.alp.EncodedNodes.FloatShape;
import io.jvortex.internal.encodings.alp.EncodedNodes.NullShape;
import io.jvortex.spi.WriteNode;
import io.jvortex.testing.Seeds;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link AlpEncoder}: every shape of f32/f64 data decodes bit for bit through {@link AlpEncoding}. */
class AlpEncoderTest {
    private static void roundTrip(PrimitiveArray array, String what) {
        WriteNode node = AlpEncoder.encodeCanonical(array);
        Canonical decoded = EncodedNodes.decode(node, array.dtype(), array.length());
        assertThat(TestSupport.rows(decoded)).as(what).isEqualTo(TestSupport.rows(array));
    }

    @Test
    void everyShapeLengthAndNullPatternRoundTripsBitExactly() {
        SplittableRandom r = TestSupport.random("AlpEncoderTest.everyShape");
        for (FloatShape shape : FloatShape.values()) {
            for (int length : EncodedNodes.LENGTHS) {
                for (NullShape nulls : NullShape.values()) {
                    boolean[] valid = EncodedNodes.validity(r, length, nulls);
                    double[] d = EncodedNodes.doubles(r, length, shape);
                    roundTrip(TestArrays.f64(d, valid), "f64 " + shape + " × " + length + ", nulls " + nulls);
                    float[] f = EncodedNodes.floats(r, length, shape);
                    roundTrip(TestArrays.f32(f, valid), "f32 " + shape + " × " + length + ", nulls " + nulls);
                }
            }
        }
    }

    @Test
    void pricesUseTwoDecimalDigitsAndHardlyAnyPatches() {
        SplittableRandom r = TestSupport.random("AlpEncoderTest.prices");
        double[] d = EncodedNodes.doubles(r, 5000, FloatShape.PRICES);
        AlpEncoder.Encoded enc = AlpEncoder.encode(TestArrays.f64(d, null));
        assertThat(enc.exponents().e() - enc.exponents().f()).isEqualTo(2);
        assertThat(enc.patchCount()).isLessThanOrEqualTo(50);
        for (int i = 0; i < d.length; i++) {
            if (Arrays.binarySearch(enc.patchPositions(), i) < 0) {
                assertThat(enc.encoded().getLong(i)).isEqualTo(Math.round(d[i] * 100));
            }
        }
        // f32 has too few digits for two-decimal prices up to 1000 to round-trip through float arithmetic
        // (the reference patches about a fifth of them too); one decimal below 100 encodes cleanly.
        float[] f = new float[5000];
        for (int i = 0; i < f.length; i++) {
            f[i] = r.nextInt(0, 1000) / 10.0f;
        }
        AlpEncoder.Encoded enc32 = AlpEncoder.encode(TestArrays.f32(f, null));
        assertThat(enc32.exponents().e() - enc32.exponents().f()).isEqualTo(1);
        assertThat(enc32.patchCount()).isZero();
    }

    /**
     * Every two-decimal price below 1000 round-trips through (14, 12); (16, 14) keeps about one in seven
     * fewer. With prices that (16, 14) keeps (and (17, 15) does not) where the 32-value sample looks, and
     * prices it does not keep everywhere else, the reference's rule stops at (16, 14), met first among the
     * pairs without patches on the sample, and would patch almost every row; the wider sample that settles
     * the tie finds (14, 12).
     */
    @Test
    void exponentsThatTieOnTheSampleAreSettledOnMoreValues() {
        SplittableRandom r = TestSupport.random("AlpEncoderTest.tie");
        int n = 4096;
        int step = n / AlpEncoder.SAMPLE_SIZE;
        double[] d = new double[n];
        int placed = 0;
        for (int draws = 0; placed < n; draws++) {
            assertThat(draws).as("draws").isLessThan(100 * n);
            double price = r.nextLong(100, 100_000) / 100.0;
            assertThat(roundTrips(price, 14, 12)).as("%s through (14, 12)", price).isTrue();
            boolean atSample = placed % step == 0;
            boolean kept = roundTrips(price, 16, 14);
            if (atSample ? kept && !roundTrips(price, 17, 15) : !kept) {
                d[placed++] = price;
            }
        }
        double[] sample = new double[AlpEncoder.SAMPLE_SIZE];
        for (int i = 0; i < sample.length; i++) {
            sample[i] = d[i * step];
        }
        assertThat(AlpEncoder.bestF64(sample, sample)).isEqualTo(new AlpEncoder.Exponents(16, 14));
        AlpEncoder.Encoded enc = AlpEncoder.encode(TestArrays.f64(d, null));
        assertThat(enc.exponents()).isEqualTo(new AlpEncoder.Exponents(14, 12));
        assertThat(enc.patchCount()).isZero();
        roundTrip(TestArrays.f64(d, null), "tied prices");
    }

    private static boolean roundTrips(double v, int e, int f) {
        long enc = (long) Math.rint(v * AlpEncoding.F10_F64[e] * AlpEncoding.IF10_F64[f]);
        return Double.doubleToRawLongBits((double) enc * AlpEncoding.F10_F64[f] * AlpEncoding.IF10_F64[e])
                == Double.doubleToRawLongBits(v);
    }

    @Test
    void specialValuesBecomePatchesAndTheirSlotsTakeTheFillValue() {
        SplittableRandom r = TestSupport.random("AlpEncoderTest.specials");
        double[] d = EncodedNodes.doubles(r, 4000, FloatShape.SPECIALS);
        AlpEncoder.Encoded enc = AlpEncoder.encode(TestArrays.f64(d, null));
        int[] patches = enc.patchPositions();
        int firstKept = -1;
        for (int i = 0; i < d.length; i++) {
            boolean patched = Arrays.binarySearch(patches, i) >= 0;
            if (EncodedNodes.special(d[i])) {
                assertThat(patched).as("row %d = %s", i, d[i]).isTrue();
            }
            if (!patched && firstKept < 0) {
                firstKept = i;
            }
        }
        for (int k = 0; k < patches.length; k++) {
            assertThat(Double.doubleToRawLongBits(enc.patchValues().getDouble(k)))
                    .isEqualTo(Double.doubleToRawLongBits(d[patches[k]]));
            assertThat(enc.encoded().getLong(patches[k])).isEqualTo(enc.encoded().getLong(firstKept));
        }
    }

    @Test
    void nullRowsAreNeverPatched() {
        double[] d = {Double.NaN, 1.5, -0.0, 2.25, Double.POSITIVE_INFINITY};
        boolean[] valid = {false, true, false, true, true};
        AlpEncoder.Encoded enc = AlpEncoder.encode(TestArrays.f64(d, valid));
        assertThat(enc.patchPositions()).containsExactly(4);
        assertThat(enc.encoded().getLong(0)).isEqualTo(enc.encoded().getLong(1));
        roundTrip(TestArrays.f64(d, valid), "nulls over specials");
    }

    /** The reference's own unit cases (encodings/alp/src/alp/compress.rs). */
    @Test
    void referenceCasesPickTheSameExponents() {
        float[] same = new float[1025];
        Arrays.fill(same, 1.234f);
        AlpEncoder.Encoded enc = AlpEncoder.encode(TestArrays.f32(same, null));
        assertThat(enc.exponents()).isEqualTo(new AlpEncoder.Exponents(9, 6));
        assertThat(enc.patchCount()).isZero();
        for (int i = 0; i < same.length; i++) {
            assertThat(enc.encoded().getLong(i)).isEqualTo(1234);
        }
        WriteNode node = AlpEncoder.encodeCanonical(TestArrays.f32(same, null));
        assertThat(HexFormat.of().formatHex(node.metadata())).isEqualTo("08091006");

        AlpEncoder.Encoded nullable = AlpEncoder.encode(TestArrays.f32(new float[] {0, 1.234f, 0},
                new boolean[] {false, true, false}));
        assertThat(nullable.exponents()).isEqualTo(new AlpEncoder.Exponents(9, 6));
        assertThat(nullable.encoded().getLong(1)).isEqualTo(1234);
    }

    /**
     * Integral floats keep exponents (0, 0) rather than gaining a decimal digit, while half-steps still
     * take the largest tying {@code e} with {@code e - f = 1} (both as the 0.91 wheel wrote them).
     */
    @Test
    void integralValuesKeepZeroExponents() {
        SplittableRandom random = Seeds.random("AlpEncoderTest.integralValuesKeepZeroExponents");
        double[] whole = new double[5000];
        double[] halves = new double[5000];
        float[] wholeF = new float[5000];
        for (int i = 0; i < whole.length; i++) {
            int v = 1 + random.nextInt(2400);
            whole[i] = v;
            wholeF[i] = v;
            halves[i] = v / 2.0;
        }
        AlpEncoder.Encoded ints = AlpEncoder.encode(TestArrays.f64(whole, null));
        assertThat(ints.exponents()).isEqualTo(new AlpEncoder.Exponents(0, 0));
        assertThat(ints.patchCount()).isZero();
        assertThat(ints.encoded().getLong(7)).isEqualTo((long) whole[7]);
        assertThat(AlpEncoder.encode(TestArrays.f32(wholeF, null)).exponents())
                .isEqualTo(new AlpEncoder.Exponents(0, 0));
        assertThat(AlpEncoder.encode(TestArrays.f64(halves, null)).exponents())
                .isEqualTo(new AlpEncoder.Exponents(16, 15));
        roundTrip(TestArrays.f64(whole, null), "integral doubles");
    }

    /** Patches metadata as 0.91 writes it (vortex-format §6.2, verified on a Rust-written file). */
    @Test
    void patchesCarryNarrowedIndicesAConstantValueChildAndChunkOffsets() {
        double[] d = new double[2100];
        for (int i = 0; i < d.length; i++) {
            d[i] = i / 4.0;
        }
        d[3] = Double.NaN;
        d[2000] = Double.NaN;
        WriteNode node = AlpEncoder.encodeCanonical(TestArrays.f64(d, null));
        // e, f, then the nested PatchesMetadata{len 2, indices u16, 3 chunk offsets of u8, offset_within_chunk 0}
        String hex = HexFormat.of().formatHex(node.metadata());
        assertThat(hex).endsWith("1a0a" + "0802" + "1801" + "2003" + "2800" + "3000");
        assertThat(node.children()).hasSize(4);
        assertThat(node.children().get(1).encodingId()).isEqualTo("vortex.primitive");
        assertThat(node.children().get(1).buffers().getFirst().data().byteSize()).isEqualTo(4);
        assertThat(node.children().get(2).encodingId()).isEqualTo("vortex.constant");
        assertThat(node.children().get(3).buffers().getFirst().data().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE))
                .containsExactly(0, 1, 2);
        roundTrip(TestArrays.f64(d, null), "two NaN patches");

        AlpEncoder.Encoded enc = AlpEncoder.encode(TestArrays.f64(d, null));
        WriteNode old = AlpEncoder.node(enc, io.jvortex.spi.CanonicalEncoder.encode(enc.encoded()), false);
        assertThat(HexFormat.of().formatHex(old.metadata())).endsWith("1a04" + "0802" + "1801");
        assertThat(old.children()).hasSize(3);
        PrimitiveArray source = TestArrays.f64(d, null);
        assertThat(TestSupport.rows(EncodedNodes.decode(old, source.dtype(), d.length)))
                .isEqualTo(TestSupport.rows(source));
    }

    @Test
    void rejectsNonFloatsAndOutOfRangeExponents() {
        assertThatThrownBy(() -> AlpEncoder.encode(TestArrays.i64(1, 2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("f32 or f64");
        assertThatThrownBy(() -> AlpEncoder.encode(TestArrays.f32(new float[] {1}, null),
                new AlpEncoder.Exponents(11, 0))).isInstanceOf(IllegalArgumentException.class);
        assertThat(AlpEncoder.encode(TestArrays.f64(new double[0], null)).patchCount()).isZero();
    }
}
