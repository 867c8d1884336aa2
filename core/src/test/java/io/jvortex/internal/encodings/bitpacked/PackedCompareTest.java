package io.jvortex.internal.encodings.bitpacked;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.scalar.Scalar;
import io.jvortex.spi.Comparison;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The packed domain's compare kernel ({@link PackedInts#compareSmall}: sign bits of differences,
 * gathered eight bytes at a time) against a naive comparison, for every operator, block lengths
 * around the word and byte-group edges, and keys and literals at both ends of {@code [0, 2^62)}.
 */
class PackedCompareTest {
    private static final long MAX = (1L << 62) - 1;

    private static boolean naive(long key, Comparison.Op op, long lit) {
        return switch (op) {
            case EQ -> key == lit;
            case NE -> key != lit;
            case LT -> key < lit;
            case LE -> key <= lit;
            case GT -> key > lit;
            case GE -> key >= lit;
        };
    }

    @Test
    void compareSmallSetsTheBitsOfANaiveCompare() {
        SplittableRandom rnd = TestSupport.random("PackedCompareTest.compareSmallSetsTheBitsOfANaiveCompare");
        int[] lengths = {0, 1, 7, 8, 9, 63, 64, 65, 1000, 1023, 1024};
        byte[] flags = new byte[PackedInts.BLOCK];
        for (int round = 0; round < 600; round++) {
            int n = round < lengths.length * 6 ? lengths[round % lengths.length] : rnd.nextInt(PackedInts.BLOCK + 1);
            int bits = 1 + rnd.nextInt(62);
            long bound = bits == 62 ? MAX : (1L << bits) - 1;
            long[] keys = new long[PackedInts.BLOCK];
            for (int i = 0; i < n; i++) {
                keys[i] = switch (rnd.nextInt(6)) {
                    case 0 -> 0;
                    case 1 -> bound;
                    default -> rnd.nextLong(bound + 1);
                };
            }
            long lit = switch (rnd.nextInt(5)) {
                case 0 -> 0;
                case 1 -> bound;
                case 2 -> n > 0 ? keys[rnd.nextInt(n)] : 0;
                case 3 -> MAX;
                default -> rnd.nextLong(bound + 1);
            };
            Comparison.Op op = Comparison.Op.values()[round % 6];
            long[] words = new long[PackedInts.BLOCK >>> 6];
            java.util.Arrays.fill(words, -1L); // overwritten, not ORed into
            java.util.Arrays.fill(flags, (byte) 1); // stale flags past n must not leak into the last word
            PackedInts.compareSmall(keys, n, lit, op, flags, words);
            long[] expected = new long[Comparison.words(n)];
            for (int i = 0; i < n; i++) {
                if (naive(keys[i], op, lit)) {
                    expected[i >>> 6] |= 1L << i;
                }
            }
            assertThat(java.util.Arrays.copyOf(words, expected.length)).as("n %d, %d bits, %s %d", n, bits, op, lit)
                    .isEqualTo(expected);
        }
    }

    /** Widths at the kernels' border (62 bits and below in the small one) with literals at the top. */
    @Test
    void packedRowsCompareExactlyAtTheWidestWidths() {
        SplittableRandom rnd = TestSupport.random("PackedCompareTest.packedRowsCompareExactlyAtTheWidestWidths");
        for (PType ptype : new PType[] {PType.I64, PType.U64}) {
            for (int bits = 60; bits <= (ptype == PType.U64 ? 64 : 63); bits++) {
                long top = bits == 64 ? -1L : (1L << bits) - 1;
                int n = 1 + rnd.nextInt(2100);
                long[] values = new long[n];
                MemorySegment seg = MemorySegment.ofArray(new long[n]);
                for (int i = 0; i < n; i++) {
                    values[i] = switch (rnd.nextInt(4)) {
                        case 0 -> 0;
                        case 1 -> top;
                        default -> rnd.nextLong() & top;
                    };
                    seg.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, values[i]);
                }
                DType.Primitive dtype = new DType.Primitive(ptype, false);
                PackedInts form = new PackedInts(new PrimitiveArray(dtype, seg, n, Validity.ALL_VALID), 0, bits,
                        new int[0], null);
                for (long lit : new long[] {0, 1, top - 1, top, values[rnd.nextInt(n)]}) {
                    for (Comparison.Op op : Comparison.Op.values()) {
                        long[] raw = form.compare(new Comparison(op, new Scalar(dtype, lit), rows -> {
                            throw new AssertionError("no patches");
                        }));
                        for (int i = 0; i < n; i++) {
                            int cmp = ptype == PType.U64 ? Long.compareUnsigned(values[i], lit)
                                    : Long.compare(values[i], lit);
                            boolean expected = switch (op) {
                                case EQ -> cmp == 0;
                                case NE -> cmp != 0;
                                case LT -> cmp < 0;
                                case LE -> cmp <= 0;
                                case GT -> cmp > 0;
                                case GE -> cmp >= 0;
                            };
                            assertThat((raw[i >>> 6] >>> i & 1) != 0).as("%s %d bits, row %d = %d %s %d", ptype, bits,
                                    i, values[i], op, lit).isEqualTo(expected);
                        }
                    }
                }
            }
        }
    }
}
