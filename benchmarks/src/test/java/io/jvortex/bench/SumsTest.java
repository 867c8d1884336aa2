package io.jvortex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.testing.Seeds;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The shared summing loops against a value-by-value fold, over random layouts, strides and nulls. */
class SumsTest {
    @Test
    void foldsLikeAValueByValueLoop() {
        long seed = Seeds.seed("SumsTest.random");
        SplittableRandom r = new SplittableRandom(seed);
        try (Arena arena = Arena.ofConfined()) {
            for (int round = 0; round < 400; round++) {
                Sums.Kind kind = Sums.Kind.values()[r.nextInt(Sums.Kind.values().length)];
                int stride = switch (kind) {
                    case LONG, DOUBLE -> 8;
                    case LONG_OF_16 -> 16;
                    case INT, FLOAT -> 4;
                };
                int n = r.nextInt(4) == 0 ? r.nextInt(8) : r.nextInt(1000);
                MemorySegment values = arena.allocate((long) Math.max(1, n) * stride);
                for (long b = 0; b < values.byteSize(); b++) {
                    values.set(ValueLayout.JAVA_BYTE, b, (byte) r.nextInt());
                }
                if (kind == Sums.Kind.DOUBLE || kind == Sums.Kind.FLOAT) {
                    for (int i = 0; i < n; i++) { // integral values: every order of summing them is exact
                        if (kind == Sums.Kind.DOUBLE) {
                            values.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, (long) i * stride,
                                    r.nextInt(-1_000_000, 1_000_000));
                        } else {
                            values.set(ValueLayout.JAVA_FLOAT_UNALIGNED, (long) i * stride,
                                    (float) r.nextInt(-1_000_000, 1_000_000));
                        }
                    }
                }
                boolean nullable = r.nextBoolean();
                int bitOffset = nullable ? r.nextInt(70) : 0;
                // exactly the bytes the bits need: the loops must not read past the bitmap
                MemorySegment bits = nullable ? arena.allocate(Math.max(1, (bitOffset + n + 7) / 8)) : null;
                double nullRate = new double[] {0, 0.02, 0.5, 1}[r.nextInt(4)];
                if (nullable) {
                    for (int i = 0; i < bitOffset + n; i++) {
                        if (i < bitOffset || r.nextDouble() >= nullRate) {
                            long at = i >>> 3;
                            byte was = bits.get(ValueLayout.JAVA_BYTE, at);
                            bits.set(ValueLayout.JAVA_BYTE, at, (byte) (was | 1 << (i & 7)));
                        }
                    }
                }
                Fold expected = new Fold();
                for (int i = 0; i < n; i++) {
                    long bit = bitOffset + i;
                    if (nullable && (bits.get(ValueLayout.JAVA_BYTE, bit >>> 3) & 1 << (bit & 7)) == 0) {
                        expected.nulls++;
                        continue;
                    }
                    long at = (long) i * stride;
                    switch (kind) {
                        case LONG, LONG_OF_16 -> expected.longs += values.get(ValueLayout.JAVA_LONG_UNALIGNED, at);
                        case INT -> expected.longs += values.get(ValueLayout.JAVA_INT_UNALIGNED, at);
                        case DOUBLE -> expected.doubles += values.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, at);
                        case FLOAT -> expected.doubles += values.get(ValueLayout.JAVA_FLOAT_UNALIGNED, at);
                    }
                }
                Fold actual = new Fold();
                Sums.fold(kind, values, n, bits, bitOffset, actual);
                assertThat(actual.toString())
                        .as("seed %d round %d: %s stride %d n %d bit offset %d nulls %s: %s vs %s", seed, round, kind,
                                stride, n, bitOffset, nullable ? nullRate : "none")
                        .isEqualTo(expected.toString());
            }
        }
    }

    @Test
    void readsAnyBitRangeOfABitmap() {
        long seed = Seeds.seed("SumsTest.word");
        SplittableRandom r = new SplittableRandom(seed);
        for (int round = 0; round < 2000; round++) {
            byte[] bytes = new byte[1 + r.nextInt(20)];
            r.nextBytes(bytes);
            MemorySegment bits = MemorySegment.ofArray(bytes);
            int total = bytes.length * 8;
            int bit = r.nextInt(total);
            int count = 1 + r.nextInt(Math.min(64, total - bit));
            long expected = 0;
            for (int j = 0; j < count; j++) {
                int b = bit + j;
                expected |= (long) ((bytes[b >>> 3] >>> (b & 7)) & 1) << j;
            }
            assertThat(Sums.word(bits, bit, count)).as("seed %d: bits [%d, +%d) of %d bytes", seed, bit, count,
                    bytes.length).isEqualTo(expected);
        }
    }
}
