package io.jvortex.internal.encodings.sequence;

import static io.jvortex.internal.encodings.alp.SegmentBuilder.node;
import static io.jvortex.internal.encodings.alp.SegmentBuilder.primitive;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jvortex.error.VortexException;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.alp.GoldenCase;
import io.jvortex.internal.encodings.alp.GoldenFiles;
import io.jvortex.internal.encodings.alp.SegmentBuilder;
import io.jvortex.internal.encodings.alp.SegmentBuilder.Node;
import io.jvortex.internal.encodings.alp.SegmentBuilder.Proto;
import io.jvortex.testing.Seeds;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SequenceEncodingTest {
    private static final PType[] INTEGERS = {PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16,
                                             PType.I32, PType.I64};

    static Proto int64(long v) {
        return Proto.message().sint64(3, v);
    }

    static Proto uint64(long v) {
        return Proto.message().varint(4, v);
    }

    static byte[] meta(Proto base, Proto multiplier) {
        return Proto.message().message(1, base).message(2, multiplier).build();
    }

    static BigInteger min(PType t) {
        return t.isSigned() ? BigInteger.ONE.shiftLeft(t.bitWidth() - 1).negate() : BigInteger.ZERO;
    }

    static BigInteger max(PType t) {
        return (t.isSigned() ? BigInteger.ONE.shiftLeft(t.bitWidth() - 1) : BigInteger.ONE.shiftLeft(t.bitWidth()))
                .subtract(BigInteger.ONE);
    }

    /** Exact values; null when some value falls outside the type, which must be rejected. */
    static BigInteger[] reference(PType t, BigInteger base, BigInteger multiplier, int len) {
        BigInteger[] out = new BigInteger[len];
        for (int i = 0; i < len; i++) {
            out[i] = base.add(multiplier.multiply(BigInteger.valueOf(i)));
            if (out[i].compareTo(min(t)) < 0 || out[i].compareTo(max(t)) > 0) {
                return null;
            }
        }
        return out;
    }

    static BigInteger value(PrimitiveArray a, int i) {
        long v = a.getLong(i);
        return a.ptype() == PType.U64 && v < 0 ? BigInteger.valueOf(v).add(BigInteger.ONE.shiftLeft(64))
                : BigInteger.valueOf(v);
    }

    /** The scalar encoding of {@code v}: int64_value when negative or asked for, uint64_value otherwise. */
    private static Proto scalar(BigInteger v, boolean preferUnsignedField) {
        boolean fitsLong = v.bitLength() < 64;
        if (v.signum() >= 0 && (preferUnsignedField || !fitsLong)) {
            return uint64(v.longValue());
        }
        return int64(v.longValueExact());
    }

    private static void check(PType t, boolean nullable, BigInteger base, BigInteger multiplier, int len,
                              boolean unsignedFields) {
        Node n = node(SequenceEncoding.ID, meta(scalar(base, unsignedFields), scalar(multiplier, unsignedFields)));
        DType.Primitive dtype = new DType.Primitive(t, nullable);
        BigInteger[] want = reference(t, base, multiplier, len);
        if (want == null) {
            assertThatThrownBy(() -> SegmentBuilder.decode(n, dtype, len)).isInstanceOf(VortexException.class)
                    .hasMessageContaining("which does not fit " + t.displayName());
            return;
        }
        PrimitiveArray out = (PrimitiveArray) SegmentBuilder.decode(n, dtype, len);
        assertThat(out.dtype()).isEqualTo(dtype);
        assertThat(out.length()).isEqualTo(len);
        for (int i = 0; i < len; i++) {
            assertThat(out.isValid(i)).isTrue();
            assertThat(value(out, i)).as("%s base %s mult %s row %d", t, base, multiplier, i).isEqualTo(want[i]);
        }
    }

    static Stream<Arguments> shapes() {
        List<Arguments> out = new ArrayList<>();
        for (PType t : INTEGERS) {
            for (int len : new int[] {0, 1, 127, 128, 255, 256, 1023, 1024, 1025}) {
                out.add(Arguments.of(t, len));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} length {1}")
    @MethodSource("shapes")
    void decodesShapesOrRejectsOverflow(PType t, int len) {
        check(t, false, BigInteger.ZERO, BigInteger.ONE, len, false);
        check(t, true, min(t), BigInteger.ONE, len, true);
        check(t, false, max(t), t.isSigned() ? BigInteger.ONE.negate() : BigInteger.ZERO, len, false);
        check(t, true, BigInteger.valueOf(3), BigInteger.valueOf(3), len, false);
    }

    @Test
    void verifiedRustMetadataExamples() {
        // §5.6: an i64 column [1, 2, 3] as base int64 1, multiplier int64 1
        byte[] m = HexFormat.of().parseHex("0a02180212021802");
        PrimitiveArray a = (PrimitiveArray) SegmentBuilder.decode(node(SequenceEncoding.ID, m),
                new DType.Primitive(PType.I64, true), 3);
        assertThat(new long[] {a.getLong(0), a.getLong(1), a.getLong(2)}).containsExactly(1, 2, 3);
        // §6.17: u16 offsets with base uint64 0 and multiplier int64 3
        byte[] m2 = Proto.message().message(1, uint64(0)).message(2, int64(3)).build();
        PrimitiveArray b = (PrimitiveArray) SegmentBuilder.decode(node(SequenceEncoding.ID, m2),
                new DType.Primitive(PType.U16, false), 4);
        assertThat(new long[] {b.getLong(0), b.getLong(1), b.getLong(2), b.getLong(3)}).containsExactly(0, 3, 6, 9);
    }

    /** What the 0.91 reference reader was observed to accept and reject (hand-edited Rust segments). */
    @Test
    void multiplierIsNotLimitedToTheType() {
        check(PType.U8, false, BigInteger.valueOf(100), BigInteger.valueOf(-1), 10, false);
        check(PType.U8, false, BigInteger.valueOf(5), BigInteger.valueOf(-1), 10, false);
        check(PType.I8, false, BigInteger.ZERO, BigInteger.valueOf(1000), 1, false);
        check(PType.I8, false, BigInteger.ZERO, BigInteger.valueOf(1000), 2, false);
        check(PType.U64, false, BigInteger.ONE.shiftLeft(63).add(BigInteger.ONE), BigInteger.valueOf(-1), 3, false);
        check(PType.U64, false, BigInteger.ZERO, BigInteger.ONE.shiftLeft(63).add(BigInteger.valueOf(5)), 2, false);
        check(PType.I64, false, BigInteger.ZERO, BigInteger.ONE.shiftLeft(63).add(BigInteger.valueOf(5)), 1, false);
        check(PType.U8, false, BigInteger.valueOf(5), BigInteger.ZERO, 300, false);
        check(PType.I8, false, BigInteger.valueOf(100), BigInteger.ONE, 28, false);
        check(PType.I8, false, BigInteger.valueOf(100), BigInteger.ONE, 29, false);
        check(PType.I32, false, BigInteger.TEN, BigInteger.valueOf(-3), 5, false);
    }

    @Test
    void sixtyFourBitEnds() {
        check(PType.U64, false, BigInteger.ONE.shiftLeft(64).subtract(BigInteger.valueOf(1999)), BigInteger.ONE, 1999,
                false);
        check(PType.U64, false, BigInteger.ONE.shiftLeft(64).subtract(BigInteger.valueOf(1999)), BigInteger.ONE, 2000,
                false);
        check(PType.U64, false, BigInteger.ONE, BigInteger.ONE.shiftLeft(63), 2, false);
        check(PType.U64, false, BigInteger.ONE, BigInteger.ONE.shiftLeft(63), 3, false);
        check(PType.I64, false, BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MAX_VALUE), 3, false);
        check(PType.I64, false, BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MAX_VALUE), 4, false);
        check(PType.I64, false, BigInteger.valueOf(Long.MAX_VALUE), BigInteger.valueOf(Long.MIN_VALUE), 2, false);
        check(PType.I64, false, BigInteger.ZERO, BigInteger.valueOf(Long.MIN_VALUE), 2, false);
        check(PType.I64, false, BigInteger.valueOf(-1), BigInteger.valueOf(Long.MIN_VALUE), 2, false);
    }

    @Test
    void randomSequencesMatchTheReferenceOrAreRejected() {
        SplittableRandom rnd = Seeds.random("SequenceEncodingTest.randomSequencesMatchTheReferenceOrAreRejected");
        for (int round = 0; round < 400; round++) {
            PType t = INTEGERS[rnd.nextInt(INTEGERS.length)];
            int len = rnd.nextInt(3) == 0 ? rnd.nextInt(4) : rnd.nextInt(3000);
            BigInteger span = max(t).subtract(min(t)).add(BigInteger.ONE);
            BigInteger base = min(t).add(new BigInteger(t.bitWidth(), new java.util.Random(rnd.nextLong())).mod(span));
            BigInteger mult = switch (rnd.nextInt(4)) {
                case 0 -> BigInteger.valueOf(rnd.nextLong(-3, 4));
                case 1 -> BigInteger.valueOf(rnd.nextLong(-100_000, 100_000));
                case 2 -> BigInteger.valueOf(rnd.nextLong());
                default -> new BigInteger(64, new java.util.Random(rnd.nextLong()));
            };
            check(t, rnd.nextBoolean(), base, mult, len, rnd.nextBoolean());
        }
    }

    // ---- golden

    static List<GoldenCase> golden() {
        return GoldenCase.load("sequence");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("golden")
    void goldenRustSegments(GoldenCase c) {
        c.assertBits(SegmentBuilder.decode(c.serialized(), c.dtype(), c.rows()), 0);
    }

    /** The same columns written by the Rust file writer, read through the file reader. */
    @Test
    void goldenRustFiles() {
        GoldenFiles.Report report = GoldenFiles.check("sequence", golden(), (c, rows, first) -> c.assertBits(rows, first));
        assertThat(report.columnsUsing(SequenceEncoding.ID)).as("columns the Rust writer stored with %s: %s", SequenceEncoding.ID,
                report.encodingsByColumn()).isNotEmpty();
        assumeTrue(report.opaque().isEmpty(), () -> "compared " + report.compared() + "; not yet readable: "
                + report.opaque());
    }

    // ---- corrupt input

    private static void assertCorrupt(Node n, DType dtype, int len, String messagePart) {
        assertThatThrownBy(() -> SegmentBuilder.decode(n, dtype, len))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining(messagePart);
    }

    @Test
    void rejectsCorruptInput() {
        DType.Primitive u8 = new DType.Primitive(PType.U8, false);
        DType.Primitive i8 = new DType.Primitive(PType.I8, false);
        byte[] ok = meta(int64(1), int64(1));
        assertCorrupt(node(SequenceEncoding.ID, ok), new DType.Primitive(PType.F64, false), 1, "holds integers");
        assertCorrupt(node(SequenceEncoding.ID, ok), new DType.Utf8(false), 1, "cannot hold");
        assertCorrupt(node(SequenceEncoding.ID, Proto.message().message(2, int64(1)).build()), u8, 1, "lacks the base");
        assertCorrupt(node(SequenceEncoding.ID, Proto.message().message(1, int64(1)).build()), u8, 1,
                "lacks the multiplier");
        assertCorrupt(node(SequenceEncoding.ID, new byte[0]), u8, 1, "lacks the base");
        assertCorrupt(node(SequenceEncoding.ID, meta(uint64(256), int64(1))), u8, 1, "base: value 256 out of range");
        assertCorrupt(node(SequenceEncoding.ID, meta(uint64(200), int64(1))), i8, 1, "base: value 200 out of range");
        assertCorrupt(node(SequenceEncoding.ID, meta(int64(0), int64(-1))), u8, 2, "ends at -1, which does not fit u8");
        assertCorrupt(node(SequenceEncoding.ID, meta(int64(1), Proto.message().raw(new byte[] {0x31, 0, 0, 0, 0, 0, 0,
                0, 0}))), u8, 1, "multiplier must be an int64_value or uint64_value scalar, got field 6");
        assertCorrupt(node(SequenceEncoding.ID, meta(int64(1), Proto.message().varint(1, 0))), u8, 1,
                "multiplier must be an int64_value or uint64_value scalar, got field 1");
        assertCorrupt(node(SequenceEncoding.ID, meta(int64(1), Proto.message())), u8, 1,
                "multiplier must be an int64_value or uint64_value scalar, got field 0");
        assertCorrupt(node(SequenceEncoding.ID, meta(uint64(-1), int64(1))), new DType.Primitive(PType.I64, false), 1,
                "base: uint64_value 18446744073709551615 overflows");
        assertCorrupt(node(SequenceEncoding.ID, meta(int64(100), int64(1))), i8, 30, "does not fit i8");
        assertCorrupt(node(SequenceEncoding.ID, meta(Proto.message().raw(new byte[] {0x31, 0, 0, 0, 0, 0, 0, 0, 0}),
                int64(1))), u8, 1, "cannot be read as u8");
        assertCorrupt(node(SequenceEncoding.ID, meta(Proto.message().varint(1, 0), int64(1))), u8, 1,
                "null ScalarValue");
        assertCorrupt(node(SequenceEncoding.ID, new byte[] {0x0a, 0x05, 0x18}), u8, 1, "exceeds the message");
        assertCorrupt(node(SequenceEncoding.ID, ok, primitive(PType.U8, new byte[1], null)), u8, 1,
                "has 1 children, expected 0");
        assertCorrupt(new Node(SequenceEncoding.ID, ok, List.of(new byte[1]), List.of()), u8, 1,
                "has 1 buffers, expected 0");
    }
}
