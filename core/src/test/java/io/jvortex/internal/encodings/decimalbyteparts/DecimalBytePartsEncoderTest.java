package io.jvortex.internal.encodings.decimalbyteparts;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.alp.EncodedNodes;
import io.jvortex.internal.encodings.alp.EncodedNodes.NullShape;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link DecimalBytePartsEncoder}: decimals of every width decode exactly through {@link DecimalBytePartsEncoding}. */
class DecimalBytePartsEncoderTest {
    /** A decimal array of the given storage width whose valid values are drawn below {@code 10^digits}. */
    static DecimalArray decimals(SplittableRandom r, int precision, int scale, int width, int digits,
                                         int length, boolean[] valid) {
        BigInteger bound = BigInteger.TEN.pow(digits);
        MemorySegment values = MemorySegment.ofArray(new byte[length * width]);
        for (int i = 0; i < length; i++) {
            BigInteger v = new BigInteger(bound.bitLength() + 8, new java.util.Random(r.nextLong())).mod(bound);
            if (r.nextBoolean()) {
                v = v.negate();
            }
            byte[] be = v.toByteArray();
            for (int k = 0; k < width; k++) {
                byte b = k < be.length ? be[be.length - 1 - k] : (byte) (v.signum() < 0 ? -1 : 0);
                values.set(java.lang.foreign.ValueLayout.JAVA_BYTE, (long) i * width + k, b);
            }
        }
        return new DecimalArray(new DType.Decimal(precision, scale, valid != null), width, values, length,
                TestArrays.validity(valid));
    }

    @Test
    void everyPrecisionWidthLengthAndNullPatternRoundTrips() {
        SplittableRandom r = TestSupport.random("DecimalBytePartsEncoderTest.every");
        int[][] cases = {{2, 1, 1, 2}, {4, 0, 2, 4}, {9, 2, 4, 9}, {10, 2, 8, 5}, {18, 3, 8, 18}, {20, 3, 16, 15},
            {38, -3, 16, 18}, {60, 20, 32, 12}, {12, 2, 16, 1}};
        for (int[] c : cases) {
            for (int length : EncodedNodes.LENGTHS) {
                for (NullShape nulls : NullShape.values()) {
                    boolean[] valid = EncodedNodes.validity(r, length, nulls);
                    DecimalArray array = decimals(r, c[0], c[1], c[2], c[3], length, valid);
                    WriteNode node = DecimalBytePartsEncoder.encodeCanonical(array);
                    String what = "decimal(" + c[0] + "," + c[1] + ") width " + c[2] + " × " + length + " " + nulls;
                    assertThat(node).as(what).isNotNull();
                    Canonical decoded = EncodedNodes.decode(node, array.dtype(), length);
                    assertThat(TestSupport.rows(decoded)).as(what).isEqualTo(TestSupport.rows(array));
                }
            }
        }
    }

    @Test
    void narrowsToTheSmallestSignedTypeOfTheValidValues() {
        SplittableRandom r = TestSupport.random("DecimalBytePartsEncoderTest.narrow");
        assertThat(DecimalBytePartsEncoder.mostSignificantPart(decimals(r, 10, 1, 16, 2, 100, null)).ptype())
                .isEqualTo(PType.I8);
        assertThat(DecimalBytePartsEncoder.mostSignificantPart(decimals(r, 10, 1, 16, 4, 5000, null)).ptype())
                .isEqualTo(PType.I16);
        assertThat(DecimalBytePartsEncoder.mostSignificantPart(decimals(r, 10, 2, 8, 9, 5000, null)).ptype())
                .isEqualTo(PType.I32);
        assertThat(DecimalBytePartsEncoder.mostSignificantPart(decimals(r, 20, 3, 16, 18, 5000, null)).ptype())
                .isEqualTo(PType.I64);
        // a null row holding a huge value does not widen the part, and reads back as 0
        DecimalArray wideNull = decimals(r, 38, 0, 16, 30, 3, new boolean[] {false, true, true});
        DecimalArray small = decimals(r, 38, 0, 16, 2, 3, null);
        MemorySegment.copy(small.values(), 16, wideNull.values(), 16, 32);
        PrimitiveArray msp = DecimalBytePartsEncoder.mostSignificantPart(wideNull);
        assertThat(msp.ptype()).isEqualTo(PType.I8);
        assertThat(msp.getLong(0)).isZero();
        assertThat(msp.validity()).isEqualTo(wideNull.validity());
        // the same with values of 1, 2, 4 and 8 bytes, read in bulk
        for (int width : new int[] {1, 2, 4, 8}) {
            DecimalArray narrowNull = decimals(r, 2 * width, 0, width, 2 * width, 3, new boolean[] {true, false, true});
            narrowNull.values().asSlice(width, width).fill((byte) 0x7F);
            PrimitiveArray part = DecimalBytePartsEncoder.mostSignificantPart(narrowNull);
            assertThat(part.getLong(1)).as("width %d", width).isZero();
            assertThat(part.getLong(0)).isEqualTo(narrowNull.getUnscaledLong(0));
            assertThat(part.getLong(2)).isEqualTo(narrowNull.getUnscaledLong(2));
            assertThat(part.ptype().byteWidth()).isLessThanOrEqualTo(width);
        }
    }

    @Test
    void valuesBeyondI64CannotBeEncoded() {
        SplittableRandom r = TestSupport.random("DecimalBytePartsEncoderTest.wide");
        assertThat(DecimalBytePartsEncoder.encodeCanonical(decimals(r, 38, 0, 16, 30, 50, null))).isNull();
        assertThat(DecimalBytePartsEncoder.encodeCanonical(decimals(r, 76, 0, 32, 60, 50, null))).isNull();
        DecimalArray minLong = new DecimalArray(new DType.Decimal(38, 0, false), 16,
                MemorySegment.ofArray(new long[] {Long.MIN_VALUE, -1, Long.MAX_VALUE, 0}), 2, Validity.ALL_VALID);
        assertThat(DecimalBytePartsEncoder.mostSignificantPart(minLong).ptype()).isEqualTo(PType.I64);
        DecimalArray beyond = new DecimalArray(new DType.Decimal(38, 0, false), 16,
                MemorySegment.ofArray(new long[] {Long.MIN_VALUE, 0}), 1, Validity.ALL_VALID);
        assertThat(DecimalBytePartsEncoder.mostSignificantPart(beyond)).isNull();
    }

    /** 0.91 writes {@code DecimalBytesPartsMetadata{zeroth_child_ptype: I16}} as {@code 08 05}. */
    @Test
    void metadataNamesTheChildType() {
        SplittableRandom r = TestSupport.random("DecimalBytePartsEncoderTest.meta");
        WriteNode node = DecimalBytePartsEncoder.encodeCanonical(decimals(r, 10, 1, 16, 3, 300, null));
        assertThat(HexFormat.of().formatHex(node.metadata())).isEqualTo("0805");
        assertThat(node.children()).hasSize(1);
        assertThat(node.children().getFirst().encodingId()).isEqualTo("vortex.primitive");
    }
}
