package io.jvortex.internal.encodings.decimalbyteparts;

import static io.jvortex.internal.encodings.alp.SegmentBuilder.le;
import static io.jvortex.internal.encodings.alp.SegmentBuilder.node;
import static io.jvortex.internal.encodings.alp.SegmentBuilder.primitive;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.alp.EncodedNodes;
import io.jvortex.internal.encodings.alp.EncodedNodes.NullShape;
import io.jvortex.internal.encodings.alp.SegmentBuilder;
import io.jvortex.internal.encodings.alp.SegmentBuilder.Node;
import io.jvortex.internal.encodings.alp.SegmentBuilder.Proto;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link DecimalBytePartsV2Encoding} against a naive reference: the parts are cut from {@link BigInteger}
 * values by shifting and masking, and the decoder must give back exactly those values.
 */
class DecimalBytePartsV2EncodingTest {
    private static final BigInteger WORD = BigInteger.ONE.shiftLeft(64);
    private static final BigInteger WORD_MASK = WORD.subtract(BigInteger.ONE);
    private static final PType[] SIGNED = {PType.I8, PType.I16, PType.I32, PType.I64};
    private static final PType[] UNSIGNED = {PType.U8, PType.U16, PType.U32, PType.U64};

    static byte[] meta(PType msp, PType... lower) {
        Proto p = Proto.message().varint(1, msp.id());
        return lower.length == 0 ? p.build()
                : p.packed(2, Stream.of(lower).mapToLong(PType::id).toArray()).build();
    }

    /** The largest magnitude (in bits, sign excluded) a value with {@code k} lower parts and this msp holds. */
    private static int valueBits(int k, PType msp) {
        return 64 * k + 8 * msp.byteWidth() - 1;
    }

    /** A random value of at most {@code bits} magnitude bits, biased to the extremes and word edges. */
    private static BigInteger value(SplittableRandom r, int bits) {
        BigInteger max = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
        return switch (r.nextInt(10)) {
            case 0 -> max;
            case 1 -> max.not(); // the minimum, -2^bits
            case 2 -> BigInteger.valueOf(r.nextInt(-2, 3));
            case 3 -> bits < 64 ? BigInteger.ZERO : BigInteger.ONE.shiftLeft(64 * r.nextInt(1, 1 + bits / 64)).subtract(BigInteger.valueOf(r.nextInt(2)))
                    .multiply(BigInteger.valueOf(r.nextBoolean() ? 1 : -1));
            default -> {
                BigInteger v = new BigInteger(r.nextInt(1, bits + 1), new Random(r.nextLong()));
                yield r.nextBoolean() ? v.negate().subtract(BigInteger.ONE) : v;
            }
        };
    }

    /**
     * Builds the node from {@code values} with the naive split, decodes it, and checks every row, a take of
     * every third row twice, and a slice.
     */
    private static void check(PType msp, PType[] lowerTypes, BigInteger[] values, boolean[] valid, DType.Decimal dtype) {
        int n = values.length;
        int k = lowerTypes.length;
        long[] mspWords = new long[n];
        long[][] lower = new long[k][n];
        for (int i = 0; i < n; i++) {
            mspWords[i] = values[i].shiftRight(64 * k).longValueExact();
            for (int j = 0; j < k; j++) {
                lower[j][i] = values[i].shiftRight(64 * (k - 1 - j)).and(WORD_MASK).longValue();
            }
        }
        List<Node> children = new ArrayList<>();
        children.add(primitive(msp, le(mspWords, msp.byteWidth()), valid));
        for (int j = 0; j < k; j++) {
            children.add(primitive(lowerTypes[j], le(lower[j], lowerTypes[j].byteWidth()), null));
        }
        Node node = node(DecimalBytePartsV2Encoding.ID, meta(msp, lowerTypes), children.toArray(Node[]::new));
        String what = msp + " over " + List.of(lowerTypes) + " × " + n;

        DecimalArray d = (DecimalArray) SegmentBuilder.decode(node, dtype, n);
        assertThat(d.dtype()).isEqualTo(dtype);
        assertThat(d.valueByteWidth()).as(what).isEqualTo(k == 0 ? msp.byteWidth() : k == 1 ? 16 : 32);
        for (int i = 0; i < n; i++) {
            boolean isValid = valid == null || valid[i];
            assertThat(d.isValid(i)).as("%s row %d valid", what, i).isEqualTo(isValid);
            if (isValid) {
                assertThat(d.getUnscaled(i)).as("%s row %d", what, i).isEqualTo(values[i]);
            }
        }
        int[] positions = IntStream.range(0, 2 * ((n + 2) / 3)).map(p -> 3 * (p / 2)).toArray();
        DecimalArray taken = (DecimalArray) SegmentBuilder.take(node, dtype, n, positions);
        assertThat(taken.valueByteWidth()).isEqualTo(d.valueByteWidth());
        for (int p = 0; p < positions.length; p++) {
            assertThat(TestSupport.row(taken, p)).as("%s taken row %d", what, positions[p])
                    .isEqualTo(TestSupport.row(d, positions[p]));
        }
        if (n > 2) {
            DecimalArray slice = d.slice(1, n - 2);
            for (int i = 0; i < n - 2; i++) {
                assertThat(TestSupport.row(slice, i)).isEqualTo(valid == null || valid[i + 1] ? values[i + 1] : null);
            }
        }
    }

    /** Random values for {@code k} lower parts, with the lower types chosen narrow where the words allow. */
    private static void checkRandom(SplittableRandom r, PType msp, int k, int n, boolean[] valid, boolean narrow) {
        BigInteger[] values = new BigInteger[n];
        int bits = valueBits(k, msp);
        for (int i = 0; i < n; i++) {
            values[i] = value(r, bits);
        }
        PType[] lowerTypes = new PType[k];
        for (int j = 0; j < k; j++) {
            if (narrow) {
                // confine word j to the chosen narrow width so that the narrow part holds it
                PType t = UNSIGNED[r.nextInt(4)];
                BigInteger keep = BigInteger.ONE.shiftLeft(8 * t.byteWidth()).subtract(BigInteger.ONE)
                        .shiftLeft(64 * (k - 1 - j)).or(WORD_MASK.shiftLeft(64 * (k - 1 - j)).not());
                for (int i = 0; i < n; i++) {
                    values[i] = values[i].and(keep);
                }
                lowerTypes[j] = t;
            } else {
                lowerTypes[j] = PType.U64;
            }
        }
        boolean nullable = valid != null;
        check(msp, lowerTypes, values, valid, new DType.Decimal(k == 1 ? 38 : 76, r.nextInt(-5, 10), nullable));
    }

    static Stream<Arguments> shapes() {
        List<Arguments> out = new ArrayList<>();
        for (int k = 1; k <= 3; k++) {
            for (int len : EncodedNodes.LENGTHS) {
                for (NullShape nulls : NullShape.values()) {
                    out.add(Arguments.of(k, len, nulls));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} lower parts, length {1}, nulls {2}")
    @MethodSource("shapes")
    void decodesEveryLengthAndNullShape(int k, int len, NullShape nulls) {
        SplittableRandom r = TestSupport.random("DecimalBytePartsV2EncodingTest.shapes");
        boolean[] valid = EncodedNodes.validity(r, len, nulls);
        checkRandom(r, PType.I64, k, len, valid, false);
        checkRandom(r, SIGNED[r.nextInt(4)], k, Math.min(len, 3000), valid == null ? null
                : java.util.Arrays.copyOf(valid, Math.min(len, 3000)), true);
    }

    @Test
    void extremesOfI128AndI256() {
        BigInteger i128Min = BigInteger.ONE.shiftLeft(127).negate();
        BigInteger i128Max = BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE);
        BigInteger[] i128 = {BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(), i128Min, i128Max, WORD,
            WORD.negate(), WORD.subtract(BigInteger.ONE), BigInteger.valueOf(Long.MIN_VALUE),
            BigInteger.valueOf(Long.MAX_VALUE), new BigInteger("-99999999999999999999999999999999999999")};
        check(PType.I64, new PType[] {PType.U64}, i128, null, new DType.Decimal(38, 3, false));
        BigInteger i256Min = BigInteger.ONE.shiftLeft(255).negate();
        BigInteger i256Max = BigInteger.ONE.shiftLeft(255).subtract(BigInteger.ONE);
        List<BigInteger> wide = new ArrayList<>(List.of(i128));
        wide.addAll(List.of(i256Min, i256Max, WORD.pow(2), WORD.pow(3), WORD.pow(3).negate(),
                new BigInteger("9".repeat(76)), new BigInteger("-" + "9".repeat(76))));
        check(PType.I64, new PType[] {PType.U64, PType.U64, PType.U64}, wide.toArray(BigInteger[]::new), null,
                new DType.Decimal(76, 0, false));
        BigInteger[] i192 = {BigInteger.ONE.shiftLeft(191).negate(), BigInteger.ONE.shiftLeft(191).subtract(BigInteger.ONE),
            BigInteger.ONE.negate(), BigInteger.ZERO, WORD.pow(2).negate()};
        check(PType.I64, new PType[] {PType.U64, PType.U64}, i192, new boolean[] {true, true, false, true, true},
                new DType.Decimal(76, 2, true));
    }

    @Test
    void narrowPartsAreSignAndZeroExtended() {
        // msp i8 = -1 and a u8 lower part 0xFF: the value is -2^64 + 255, not -1 and not 2^64 - 1
        BigInteger v = WORD.negate().add(BigInteger.valueOf(255));
        check(PType.I8, new PType[] {PType.U8}, new BigInteger[] {v, BigInteger.valueOf(255), WORD.multiply(BigInteger.valueOf(-128))},
                null, new DType.Decimal(38, 0, false));
        check(PType.I16, new PType[] {PType.U16, PType.U32, PType.U8},
                new BigInteger[] {WORD.pow(3).multiply(BigInteger.valueOf(-32768)).add(WORD.pow(2).multiply(BigInteger.valueOf(65535)))
                        .add(WORD.multiply(BigInteger.valueOf(0xFFFF_FFFFL))).add(BigInteger.valueOf(200))},
                null, new DType.Decimal(76, 0, false));
    }

    @Test
    void withoutLowerPartsItIsTheV1View() {
        SplittableRandom r = TestSupport.random("DecimalBytePartsV2EncodingTest.v1view");
        for (PType msp : SIGNED) {
            BigInteger[] v = new BigInteger[1500];
            for (int i = 0; i < v.length; i++) {
                v[i] = value(r, 8 * msp.byteWidth() - 1);
            }
            check(msp, new PType[0], v, null, new DType.Decimal(18, 2, false));
        }
        // an unpacked lower-part element is read like a packed one
        Node unpacked = node(DecimalBytePartsV2Encoding.ID,
                Proto.message().varint(1, PType.I64.id()).varint(2, PType.U32.id()).build(),
                primitive(PType.I64, le(new long[] {-1}, 8), null), primitive(PType.U32, le(new long[] {7}, 4), null));
        DecimalArray d = (DecimalArray) SegmentBuilder.decode(unpacked, new DType.Decimal(38, 0, false), 1);
        assertThat(d.getUnscaled(0)).isEqualTo(WORD.negate().add(BigInteger.valueOf(7)));
    }

    // ---- corrupt input

    private static void assertCorrupt(Node n, DType dtype, int len, String messagePart) {
        assertThatThrownBy(() -> SegmentBuilder.decode(n, dtype, len))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining(messagePart);
    }

    @Test
    void rejectsCorruptInput() {
        DType.Decimal dec = new DType.Decimal(38, 2, false);
        Node msp = primitive(PType.I64, new byte[8], null);
        Node low = primitive(PType.U64, new byte[8], null);
        String id = DecimalBytePartsV2Encoding.ID;
        assertCorrupt(node(id, meta(PType.I64, PType.U64), msp, low), new DType.Primitive(PType.I64, false), 1,
                "cannot hold");
        assertCorrupt(node(id, meta(PType.U64, PType.U64), msp, low), dec, 1, "msp type must be a signed integer, got u64");
        assertCorrupt(node(id, meta(PType.F64, PType.U64), msp, low), dec, 1, "msp type must be a signed integer, got f64");
        assertCorrupt(node(id, Proto.message().packed(2, PType.U64.id()).build(), msp, low), dec, 1,
                "msp type must be a signed integer, got u8");
        assertCorrupt(node(id, meta(PType.I64, PType.I64), msp, low), dec, 1,
                "lower part 0 type must be an unsigned integer, got i64");
        assertCorrupt(node(id, meta(PType.I64, PType.U64, PType.F32), msp, low, low), dec, 1,
                "lower part 1 type must be an unsigned integer, got f32");
        assertCorrupt(node(id, meta(PType.I64, PType.U64, PType.U64, PType.U64, PType.U64), msp, low, low, low, low),
                dec, 1, "more than 3 lower parts");
        assertCorrupt(node(id, Proto.message().varint(1, PType.I64.id()).packed(2, 11).build(), msp, low), dec, 1,
                "unknown ptype id 11");
        assertCorrupt(node(id, Proto.message().varint(1, 99).build(), msp), dec, 1, "unknown ptype id 99");
        assertCorrupt(node(id, new byte[] {0x12, 0x05, 0x03}, msp, low), dec, 1, "exceeds the message");
        assertCorrupt(node(id, meta(PType.I64, PType.U64), msp), dec, 1, "has 1 children, expected 2");
        assertCorrupt(node(id, meta(PType.I64, PType.U64), msp, low, low), dec, 1, "has 3 children, expected 2");
        assertCorrupt(node(id, meta(PType.I64)), dec, 1, "has 0 children, expected 1");
        assertCorrupt(new Node(id, meta(PType.I64, PType.U64), List.of(new byte[1]), List.of(msp, low)), dec, 1,
                "has 1 buffers, expected 0");
        assertCorrupt(node(id, meta(PType.I64, PType.U64), msp, low), dec, 2, "expected 16");
        assertCorrupt(node(id, meta(PType.I64, PType.U64), msp, primitive(PType.U64, new byte[8], new boolean[] {true})),
                dec, 1, "non-nullable array has a validity child");
    }
}
