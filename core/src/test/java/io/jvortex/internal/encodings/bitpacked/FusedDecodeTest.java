package io.jvortex.internal.encodings.bitpacked;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestArrays;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.compress.Primitives;
import io.jvortex.internal.encodings.alp.AlpEncoder;
import io.jvortex.internal.encodings.alp.EncodedNodes;
import io.jvortex.internal.encodings.frameofreference.FrameOfReferenceEncoding;
import io.jvortex.internal.encodings.zigzag.ZigZagEncoding;
import io.jvortex.internal.encodings.zigzag.ZigZagScheme;
import io.jvortex.scalar.Scalar;
import io.jvortex.spi.ScalarValueWriter;
import io.jvortex.spi.WriteNode;
import io.jvortex.testing.Seeds;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The one-pass decoding of {@code vortex.alp} over {@code vortex.zigzag}, {@code fastlanes.for} or
 * straight over {@code fastlanes.bitpacked}, and of {@code vortex.zigzag} over {@code fastlanes.bitpacked}: every
 * block is unpacked, patched, zigzag-decoded and scaled before it is written. Patches at every level
 * (bit-packing exceptions, ALP exceptions), nulls, lengths around the 1024-value block and packed
 * offsets must give the values the separate passes give, bit for bit.
 */
class FusedDecodeTest {
    private static final int[] LENGTHS = {1, 7, 1023, 1024, 1025, 3000, 4097};

    /** Doubles ALP encodes to small integers of both signs, with some exceptions ALP patches. */
    private static double[] doubles(SplittableRandom r, int n, boolean negatives) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            long cents = r.nextLong(negatives ? -50_000 : 0, 50_000);
            // a few large values the packed width leaves to bit-packing patches, at the first and last
            // values of blocks among them
            if (r.nextInt(40) == 0 || i % 1024 == 0 || i % 1024 == 1023 || i == n - 1) {
                cents = r.nextLong(negatives ? -1L << 40 : 0, 1L << 40);
            }
            out[i] = cents / 100.0;
            int special = r.nextInt(200);
            if (special == 0) {
                out[i] = Double.longBitsToDouble(r.nextLong()); // NaN payloads, subnormals, extremes
            } else if (special == 1) {
                out[i] = -0.0;
            } else if (special == 2) {
                out[i] = Math.PI * r.nextInt(1000);
            }
        }
        return out;
    }

    /** One generated column: its values, validity (null when not nullable), array and ALP encoding. */
    private record Column(double[] values, boolean[] valid, PrimitiveArray input, AlpEncoder.Encoded encoded) {
    }

    /** {@link #doubles} adjusted by {@code adjust}, with a null shape, ALP-encoded. */
    private static Column column(SplittableRandom r, int length, EncodedNodes.NullShape shape, boolean negatives,
            DoubleUnaryOperator adjust) {
        double[] values = doubles(r, length, negatives);
        for (int i = 0; i < length; i++) {
            values[i] = adjust.applyAsDouble(values[i]);
        }
        boolean[] valid = EncodedNodes.validity(r, length, shape);
        PrimitiveArray input = f64(values, valid);
        return new Column(values, valid, input, AlpEncoder.encode(input));
    }

    /** The ALP integers bit-packed at a width most values fit, the rest patched. */
    private static WriteNode packed(PrimitiveArray unsignedOrNonNegative) {
        long[] v = Primitives.toLongs(unsignedOrNonNegative);
        int width = Math.max(1, BitPackedEncoder.bestBitWidth(unsignedOrNonNegative.ptype(),
                BitPackedEncoder.histogram(unsignedOrNonNegative, v)));
        return BitPackedEncoder.encode(unsignedOrNonNegative, v, Math.min(width, 63));
    }

    @Test
    void alpOverZigZagOverBitPackedMatchesTheValues() {
        long seed = Seeds.seed("FusedDecodeTest.alpZigZag");
        SplittableRandom r = new SplittableRandom(seed);
        int patchedTables = 0;
        for (int length : LENGTHS) {
            for (EncodedNodes.NullShape shape : EncodedNodes.NullShape.values()) {
                Column c = column(r, length, shape, true, v -> v);
                double[] values = c.values();
                boolean[] valid = c.valid();
                AlpEncoder.Encoded encoded = c.encoded();
                PrimitiveArray zigzagged = ZigZagScheme.encode(encoded.encoded());
                WriteNode bits = packed(zigzagged);
                patchedTables += bits.children().size() > (valid == null ? 0 : 1) ? 1 : 0;
                WriteNode zigzag = WriteNode.of(ZigZagEncoding.ID, null, List.of(), List.of(bits));
                WriteNode alp = AlpEncoder.node(encoded, zigzag, r.nextBoolean());
                String where = "seed " + seed + ", length " + length + ", " + shape;
                assertSameDoubles(EncodedNodes.decode(alp, c.input().dtype(), length), values, valid, where);
                // the zigzag node alone, fused with its child, gives the ALP integers
                Canonical ints = EncodedNodes.decode(zigzag, encoded.encoded().dtype(), length);
                assertSameLongs(ints, Primitives.toLongs(encoded.encoded()), valid, where);
            }
        }
        assertThat(patchedTables).as("tables with bit-packing patches, seed %d", seed).isGreaterThan(LENGTHS.length);
    }

    @Test
    void alpStraightOverBitPackedMatchesTheValues() {
        long seed = Seeds.seed("FusedDecodeTest.alpBitPacked");
        SplittableRandom r = new SplittableRandom(seed);
        for (int length : LENGTHS) {
            for (EncodedNodes.NullShape shape : EncodedNodes.NullShape.values()) {
                // non-negative integers only (patched specials excepted): no zigzag needed
                Column c = column(r, length, shape, false, Math::abs);
                AlpEncoder.Encoded encoded = c.encoded();
                long[] ints = Primitives.toLongs(encoded.encoded());
                for (int i = 0; i < length; i++) {
                    // null rows and ALP-patched rows may hold any integer: make them packable
                    ints[i] = Math.max(0, ints[i]);
                }
                PrimitiveArray nonNegative = Primitives.fromLongs(encoded.encoded().dtype(), ints,
                        length, encoded.encoded().validity());
                AlpEncoder.Encoded adjusted = new AlpEncoder.Encoded(encoded.exponents(), nonNegative,
                        encoded.patchPositions(), encoded.patchValues());
                WriteNode alp = AlpEncoder.node(adjusted, packed(nonNegative), r.nextBoolean());
                assertSameDoubles(EncodedNodes.decode(alp, c.input().dtype(), length), c.values(), c.valid(),
                        "seed " + seed + ", length " + length + ", " + shape);
            }
        }
    }

    @Test
    void alpOverFrameOfReferenceOverBitPackedMatchesTheValues() {
        long seed = Seeds.seed("FusedDecodeTest.alpFor");
        SplittableRandom r = new SplittableRandom(seed);
        for (int length : LENGTHS) {
            for (EncodedNodes.NullShape shape : EncodedNodes.NullShape.values()) {
                // prices from 1,000.00 up: ALP integers of 100,000 or more, left to a reference
                Column c = column(r, length, shape, false, v -> 1000 + Math.abs(v));
                AlpEncoder.Encoded encoded = c.encoded();
                long[] ints = Primitives.toLongs(encoded.encoded());
                long min = Long.MAX_VALUE;
                for (int i = 0; i < length; i++) {
                    min = Math.min(min, ints[i]);
                }
                long reference = min == Long.MAX_VALUE ? 0 : min;
                long[] residuals = new long[length];
                for (int i = 0; i < length; i++) {
                    residuals[i] = ints[i] - reference;
                }
                PrimitiveArray bitsInput = Primitives.fromLongs(encoded.encoded().dtype(), residuals, length,
                        encoded.encoded().validity());
                WriteNode frame = WriteNode.of(FrameOfReferenceEncoding.ID, ScalarValueWriter.encode(
                        new Scalar(new DType.Primitive(PType.I64, false), reference)), List.of(),
                        List.of(packed(bitsInput)));
                WriteNode alp = AlpEncoder.node(encoded, frame, r.nextBoolean());
                assertSameDoubles(EncodedNodes.decode(alp, c.input().dtype(), length), c.values(), c.valid(),
                        "seed " + seed + ", length " + length + ", " + shape + ", reference " + reference);
            }
        }
    }

    /** A packed buffer whose values start at an offset into the first chunk, as in a sliced array. */
    @Test
    void packedOffsetsAreSkipped() {
        long seed = Seeds.seed("FusedDecodeTest.offsets");
        SplittableRandom r = new SplittableRandom(seed);
        for (int offset : new int[] {1, 511, 1023}) {
            for (int length : LENGTHS) {
                long[] all = new long[offset + length];
                for (int i = 0; i < all.length; i++) {
                    all[i] = r.nextLong(0, 1 << 20);
                }
                PrimitiveArray whole = Primitives.fromLongs(new DType.Primitive(PType.U64, false), all, all.length,
                        io.jvortex.array.Validity.ALL_VALID);
                WriteNode full = BitPackedEncoder.encode(whole, all, 20);
                WriteNode sliced = WriteNode.of(BitPackedEncoding.ID, new BitPackedMetadata(20, offset, null).serialize(),
                        full.buffers(), List.of());
                WriteNode zigzag = WriteNode.of(ZigZagEncoding.ID, null, List.of(), List.of(sliced));
                Canonical decoded = EncodedNodes.decode(zigzag, new DType.Primitive(PType.I64, false), length);
                long[] expected = new long[length];
                for (int i = 0; i < length; i++) {
                    long u = all[offset + i];
                    expected[i] = (u >>> 1) ^ -(u & 1);
                }
                assertSameLongs(decoded, expected, null, "seed " + seed + ", offset " + offset + ", length " + length);
            }
        }
    }

    private static PrimitiveArray f64(double[] values, boolean[] valid) {
        long[] bits = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            bits[i] = Double.doubleToRawLongBits(values[i]);
        }
        return TestArrays.primitive(PType.F64, valid != null, bits, valid);
    }

    private static void assertSameDoubles(Canonical decoded, double[] values, boolean[] valid, String where) {
        assertThat(decoded).as(where).isInstanceOf(PrimitiveArray.class);
        PrimitiveArray p = (PrimitiveArray) decoded;
        assertThat(p.ptype()).as(where).isEqualTo(PType.F64);
        assertThat(p.length()).as(where).isEqualTo(values.length);
        for (int i = 0; i < values.length; i++) {
            boolean isValid = valid == null || valid[i];
            assertThat(p.isValid(i)).as("%s: validity of row %d", where, i).isEqualTo(isValid);
            if (isValid) {
                long bits = p.values().getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i);
                assertThat(bits).as("%s: bits of row %d (%s)", where, i, values[i])
                        .isEqualTo(Double.doubleToRawLongBits(values[i]));
            }
        }
    }

    private static void assertSameLongs(Canonical decoded, long[] expected, boolean[] valid, String where) {
        assertThat(decoded).as(where).isInstanceOf(PrimitiveArray.class);
        PrimitiveArray p = (PrimitiveArray) decoded;
        assertThat(p.length()).as(where).isEqualTo(expected.length);
        for (int i = 0; i < expected.length; i++) {
            boolean isValid = valid == null || valid[i];
            assertThat(p.isValid(i)).as("%s: validity of row %d", where, i).isEqualTo(isValid);
            if (isValid) {
                assertThat(p.getLong(i)).as("%s: row %d", where, i).isEqualTo(expected[i]);
            }
        }
    }
}
