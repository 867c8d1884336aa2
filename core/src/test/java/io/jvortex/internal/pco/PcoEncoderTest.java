package io.jvortex.internal.pco;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.internal.pco.PcoDecoder.NumberType;
import io.jvortex.testing.Seeds;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Chunks written by {@link PcoEncoder} decode bit for bit with {@link PcoDecoder}, for every type and shape. */
class PcoEncoderTest {
    private static final NumberType[] TYPES = NumberType.values();
    private static final int[] LENGTHS = {1, 2, 5, 1023, 1024, 1025, 9000};

    enum Shape { RANDOM, SMALL_RANGE, SORTED, CONSTANT, MULTIPLES, DECIMALS, SPECIAL, FEW_DISTINCT, RUNS }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (NumberType t : TYPES) {
            for (Shape s : Shape.values()) {
                out.add(Arguments.of(t, s));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void roundTripsEveryLength(NumberType type, Shape shape) {
        SplittableRandom rnd = Seeds.random("PcoEncoderTest." + type + "." + shape);
        for (int n : LENGTHS) {
            long[] values = generate(type, shape, n, rnd);
            assertRoundTrip(type, values, PcoEncoder.Options.VORTEX, type + " " + shape + " n=" + n);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("typesArg")
    void everyDeltaOrderAndTinyPages(NumberType type) {
        SplittableRandom rnd = Seeds.random("PcoEncoderTest.delta." + type);
        for (int order = 0; order <= PcoEncoder.Options.LOOKBACK; order++) {
            for (int pageN : new int[] {1, 3, 7, 300}) {
                long[] values = generate(type, Shape.SORTED, 1 + rnd.nextInt(900), rnd);
                assertRoundTrip(type, values, new PcoEncoder.Options(pageN, order, true),
                        type + " order=" + order + " pageN=" + pageN);
                long[] random = generate(type, Shape.RANDOM, 1 + rnd.nextInt(600), rnd);
                assertRoundTrip(type, random, new PcoEncoder.Options(pageN, order, false),
                        type + " random order=" + order + " pageN=" + pageN);
            }
        }
    }

    static Stream<NumberType> typesArg() {
        return Stream.of(TYPES);
    }

    @Test
    void largeChunkWithManyPages() {
        SplittableRandom rnd = Seeds.random("PcoEncoderTest.large");
        for (NumberType type : new NumberType[] {NumberType.I64, NumberType.F32, NumberType.U16}) {
            long[] values = generate(type, Shape.SMALL_RANGE, 65537 + rnd.nextInt(1000), rnd);
            PcoEncoder.Chunk c = assertRoundTrip(type, values, PcoEncoder.Options.VORTEX, type + " large");
            assertThat(c.pages()).hasSize((values.length + 8191) / 8192);
        }
    }

    @Test
    void choosesIntMultForMultiplesAndDeltaForSortedData() {
        SplittableRandom rnd = Seeds.random("PcoEncoderTest.modes");
        long[] mult = new long[20000];
        for (int i = 0; i < mult.length; i++) {
            mult[i] = (rnd.nextInt(1_000_000) - 500_000) * 1000L + 7;
        }
        PcoEncoder.Chunk c = assertRoundTrip(NumberType.I64, mult, PcoEncoder.Options.VORTEX, "mult");
        assertThat(chunk(NumberType.I64, c).mode()).isEqualTo("IntMult");
        // about 20 bits of multiplier instead of 30 bits of value
        assertThat(c.byteSize()).isLessThan(mult.length * 22L / 8);

        long[] sorted = new long[20000];
        long x = rnd.nextLong();
        for (int i = 0; i < sorted.length; i++) {
            x += rnd.nextInt(16);
            sorted[i] = x;
        }
        c = assertRoundTrip(NumberType.I64, sorted, PcoEncoder.Options.VORTEX, "sorted");
        assertThat(chunk(NumberType.I64, c).deltaEncoding()).isEqualTo("Consecutive1");
        assertThat(c.byteSize()).isLessThan(sorted.length * 5L / 8);
    }

    @Test
    void choosesLookbackForRepeatingPatterns() {
        SplittableRandom rnd = Seeds.random("PcoEncoderTest.lookback");
        long[] pattern = new long[53];
        for (int i = 0; i < pattern.length; i++) {
            pattern[i] = rnd.nextLong();
        }
        long[] values = new long[30000];
        for (int i = 0; i < values.length; i++) {
            values[i] = rnd.nextInt(100) == 0 ? rnd.nextLong() : pattern[i % pattern.length];
        }
        PcoEncoder.Chunk c = assertRoundTrip(NumberType.U64, values, PcoEncoder.Options.VORTEX, "repeating");
        assertThat(chunk(NumberType.U64, c).deltaEncoding()).isEqualTo("Lookback");
        assertThat(c.byteSize()).isLessThan(values.length * 2L);
    }

    @Test
    void choosesFloatMultForDecimals() {
        SplittableRandom rnd = Seeds.random("PcoEncoderTest.floatMult");
        long[] values = new long[20000];
        double[] specials = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 1e300, -3e250, 4.9e-324,
            Double.longBitsToDouble(0x7FF0_0000_0000_0123L), Double.longBitsToDouble(0xFFF8_0000_0000_0001L)};
        for (int i = 0; i < values.length; i++) {
            double d = i % 200 == 3 ? specials[rnd.nextInt(specials.length)] : (rnd.nextInt(2_000_000) - 1_000_000) / 100.0;
            values[i] = Double.doubleToRawLongBits(d);
        }
        PcoEncoder.Chunk c = assertRoundTrip(NumberType.F64, values, PcoEncoder.Options.VORTEX, "decimals");
        assertThat(chunk(NumberType.F64, c).mode()).isEqualTo("FloatMult");
        assertThat(c.byteSize()).isLessThan(values.length * 26L / 8);
    }

    @Test
    void choosesFloatQuantForWidenedFloats() {
        SplittableRandom rnd = Seeds.random("PcoEncoderTest.floatQuant");
        long[] values = new long[20000];
        for (int i = 0; i < values.length; i++) {
            float f = (float) (rnd.nextGaussian() * 1000);
            values[i] = Double.doubleToRawLongBits(i % 1000 == 7 ? Double.NaN : i % 1000 == 8 ? -0.0 : f);
        }
        PcoEncoder.Chunk c = assertRoundTrip(NumberType.F64, values, PcoEncoder.Options.VORTEX, "widened");
        assertThat(chunk(NumberType.F64, c).mode()).isEqualTo("FloatQuant");
        assertThat(c.byteSize()).isLessThan(values.length * 34L / 8);
    }

    /**
     * On the reference's golden streams that use only what this encoder writes (Classic, IntMult,
     * FloatMult, FloatQuant; no delta, consecutive or lookback deltas; one chunk), the encoder is
     * about as small as pco itself.
     */
    @Test
    void aboutAsSmallAsPcoOnItsGoldenStreams() {
        int compared = 0;
        for (PcoGolden g : PcoGolden.all()) {
            PcoDecoder.Chunk reference = PcoDecoder.open(MemorySegment.ofArray(g.header()))
                    .chunk(MemorySegment.ofArray(g.chunks().get(0).meta()), g.type());
            boolean comparable = g.chunks().size() == 1 && !reference.mode().equals("Dict")
                    && !reference.deltaEncoding().equals("Conv1");
            long[] values = values(g);
            PcoEncoder.Chunk ours = assertRoundTrip(g.type(), values,
                    new PcoEncoder.Options(1 << 18, -1, true), g.name());
            if (!comparable) {
                continue;
            }
            long pco = g.chunks().get(0).meta().length;
            for (byte[] page : g.chunks().get(0).pages()) {
                pco += page.length;
            }
            assertThat(ours.byteSize()).as(g.name()).isLessThanOrEqualTo(pco + pco / 50 + 8);
            compared++;
        }
        assertThat(compared).isGreaterThan(30);
    }

    private static long[] values(PcoGolden g) {
        MemorySegment s = MemorySegment.ofArray(g.expected());
        long[] v = new long[g.total()];
        for (int i = 0; i < v.length; i++) {
            v[i] = switch (g.type().byteWidth()) {
                case 1 -> s.get(ValueLayout.JAVA_BYTE, i) & 0xFFL;
                case 2 -> s.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i) & 0xFFFFL;
                case 4 -> s.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i) & 0xFFFF_FFFFL;
                default -> s.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i);
            };
        }
        return v;
    }

    @Test
    void uniformRandomStaysNearRawSize() {
        SplittableRandom rnd = Seeds.random("PcoEncoderTest.uniform");
        long[] values = new long[50000];
        for (int i = 0; i < values.length; i++) {
            values[i] = rnd.nextLong();
        }
        PcoEncoder.Chunk c = assertRoundTrip(NumberType.U64, values, PcoEncoder.Options.VORTEX, "uniform");
        assertThat(c.byteSize()).isLessThan(values.length * 8L + 400);
    }

    @Test
    void rejectsBadArguments() {
        assertThatThrownBy(() -> PcoEncoder.encodeChunk(NumberType.I32, new long[0], 0, 0, PcoEncoder.Options.VORTEX))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("n 0");
        assertThatThrownBy(() -> new PcoEncoder.Options(0, -1, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxPageN");
        assertThatThrownBy(() -> new PcoEncoder.Options(10, 9, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("deltaOrder");
    }

    // ---- helpers ----

    static PcoDecoder.Chunk chunk(NumberType type, PcoEncoder.Chunk c) {
        return PcoDecoder.open(MemorySegment.ofArray(PcoEncoder.header())).chunk(MemorySegment.ofArray(c.meta()), type);
    }

    static PcoEncoder.Chunk assertRoundTrip(NumberType type, long[] values, PcoEncoder.Options options, String what) {
        PcoEncoder.Chunk c = PcoEncoder.encodeChunk(type, values, 0, values.length, options);
        long[] decoded = decode(type, c);
        long mask = type.bits == 64 ? -1L : (1L << type.bits) - 1;
        long[] expected = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            expected[i] = values[i] & mask;
        }
        assertThat(decoded).as(what).isEqualTo(expected);
        return c;
    }

    static long[] decode(NumberType type, PcoEncoder.Chunk c) {
        PcoDecoder.Chunk chunk = chunk(type, c);
        int n = 0;
        for (int k : c.pageCounts()) {
            n += k;
        }
        int width = type.byteWidth();
        MemorySegment out = MemorySegment.ofArray(new byte[n * width]);
        long offset = 0;
        for (int p = 0; p < c.pages().size(); p++) {
            chunk.decodePage(MemorySegment.ofArray(c.pages().get(p)), c.pageCounts()[p], out, offset);
            offset += (long) c.pageCounts()[p] * width;
        }
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = switch (width) {
                case 1 -> out.get(ValueLayout.JAVA_BYTE, i) & 0xFFL;
                case 2 -> out.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i) & 0xFFFFL;
                case 4 -> out.get(ValueLayout.JAVA_INT_UNALIGNED, 4L * i) & 0xFFFF_FFFFL;
                default -> out.get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i);
            };
        }
        return values;
    }

    /** Raw bits of {@code n} values of the type in the given shape. */
    static long[] generate(NumberType type, Shape shape, int n, SplittableRandom rnd) {
        boolean isFloat = type.kind == NumberType.Kind.FLOAT;
        long[] v = new long[n];
        switch (shape) {
            case RANDOM -> {
                for (int i = 0; i < n; i++) {
                    v[i] = rnd.nextLong();
                }
            }
            case SMALL_RANGE -> {
                long base = rnd.nextInt(1000) - 500;
                int range = 1 + rnd.nextInt(200);
                for (int i = 0; i < n; i++) {
                    v[i] = num(type, base + rnd.nextInt(range));
                }
            }
            case SORTED -> {
                long x = rnd.nextInt(100);
                for (int i = 0; i < n; i++) {
                    x += rnd.nextInt(20);
                    v[i] = num(type, x);
                }
            }
            case CONSTANT -> {
                long c = rnd.nextLong();
                for (int i = 0; i < n; i++) {
                    v[i] = c;
                }
            }
            case MULTIPLES -> {
                long base = 3 + rnd.nextInt(500);
                for (int i = 0; i < n; i++) {
                    v[i] = num(type, (rnd.nextInt(100) - 50) * base);
                }
            }
            case DECIMALS -> {
                for (int i = 0; i < n; i++) {
                    double d = (rnd.nextInt(20000) - 10000) / 100.0;
                    v[i] = isFloat ? floatBits(type, d) : num(type, (long) (d * 100));
                }
            }
            case SPECIAL -> {
                for (int i = 0; i < n; i++) {
                    v[i] = isFloat ? special(type, rnd) : (rnd.nextBoolean() ? -1L : rnd.nextBoolean() ? 0 : Long.MIN_VALUE);
                }
            }
            case FEW_DISTINCT -> {
                long[] pool = {rnd.nextLong(), rnd.nextLong(), rnd.nextLong()};
                for (int i = 0; i < n; i++) {
                    v[i] = pool[rnd.nextInt(pool.length)];
                }
            }
            case RUNS -> {
                long x = rnd.nextLong();
                for (int i = 0; i < n; i++) {
                    if (rnd.nextInt(50) == 0) {
                        x = rnd.nextLong();
                    }
                    v[i] = x;
                }
            }
        }
        return v;
    }

    /** An integer-valued number of the type (floats hold the value as a float). */
    private static long num(NumberType type, long x) {
        return type.kind == NumberType.Kind.FLOAT ? floatBits(type, x) : x;
    }

    private static long floatBits(NumberType type, double d) {
        return switch (type.bits) {
            case 16 -> Float.floatToFloat16((float) d) & 0xFFFFL;
            case 32 -> Float.floatToRawIntBits((float) d) & 0xFFFF_FFFFL;
            default -> Double.doubleToRawLongBits(d);
        };
    }

    private static long special(NumberType type, SplittableRandom rnd) {
        int bits = type.bits;
        int exp = switch (bits) {
            case 16 -> 5;
            case 32 -> 8;
            default -> 11;
        };
        int mant = bits - 1 - exp;
        long sign = rnd.nextBoolean() ? 1L << (bits - 1) : 0;
        long expAll = ((1L << exp) - 1) << mant;
        return switch (rnd.nextInt(7)) {
            case 0 -> sign | expAll;                                          // ±Inf
            case 1 -> sign | expAll | (1 + (rnd.nextLong() & ((1L << mant) - 2)));   // NaN with payload
            case 2 -> sign;                                                   // ±0.0
            case 3 -> sign | (1 + (rnd.nextLong() & ((1L << mant) - 2)));     // subnormal
            case 4 -> floatBits(type, rnd.nextInt(100) / 10.0);
            default -> rnd.nextLong() & ((1L << bits) - 1 | (bits == 64 ? -1L : 0));
        };
    }
}
