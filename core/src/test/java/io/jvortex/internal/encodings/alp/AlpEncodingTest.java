package io.jvortex.internal.encodings.alp;

import static io.jvortex.internal.encodings.alp.SegmentBuilder.node;
import static io.jvortex.internal.encodings.alp.SegmentBuilder.primitive;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.internal.encodings.alp.SegmentBuilder.Node;
import io.jvortex.internal.encodings.alp.SegmentBuilder.Proto;
import io.jvortex.testing.Seeds;
import java.lang.foreign.Arena;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class AlpEncodingTest {
    private static final DType.Primitive F64 = new DType.Primitive(PType.F64, false);
    private static final DType.Primitive F32 = new DType.Primitive(PType.F32, false);

    // ---- reference decoder: exact BigDecimal products, each rounded once, tables re-derived from powers of ten

    private static double refF10(int k) {
        return new BigDecimal(BigInteger.TEN.pow(k)).doubleValue();
    }

    private static double refIF10(int k) {
        return BigDecimal.ONE.movePointLeft(k).doubleValue();
    }

    static double referenceF64(long encoded, int e, int f) {
        double x = new BigDecimal(encoded).doubleValue();
        double y = new BigDecimal(x).multiply(new BigDecimal(refF10(f))).doubleValue();
        return new BigDecimal(y).multiply(new BigDecimal(refIF10(e))).doubleValue();
    }

    static float referenceF32(int encoded, int e, int f) {
        float f10 = new BigDecimal(BigInteger.TEN.pow(f)).floatValue();
        float if10 = BigDecimal.ONE.movePointLeft(e).floatValue();
        float x = new BigDecimal(encoded).floatValue();
        float y = new BigDecimal(x).multiply(new BigDecimal(f10)).floatValue();
        return new BigDecimal(y).multiply(new BigDecimal(if10)).floatValue();
    }

    // ---- builders

    static byte[] alpMeta(int e, int f, Proto patches) {
        Proto m = Proto.message();
        if (e != 0) {
            m.varint(1, e);
        }
        if (f != 0) {
            m.varint(2, f);
        }
        if (patches != null) {
            m.message(3, patches);
        }
        return m.build();
    }

    static Proto patchMeta(int count, long offset, PType indices) {
        Proto p = Proto.message().varint(1, count);
        if (offset != 0) {
            p.varint(2, offset);
        }
        if (indices != PType.U8) {
            p.varint(3, indices.id());
        }
        return p;
    }

    private static boolean[] validity(int n, String shape, SplittableRandom rnd) {
        if (shape.equals("none")) {
            return null;
        }
        boolean[] v = new boolean[n];
        for (int i = 0; i < n; i++) {
            v[i] = shape.equals("some") && rnd.nextInt(4) != 0;
        }
        return v;
    }

    private static void assertF64(Canonical out, long[] encoded, int e, int f, boolean[] valid, int[] patchPos,
                                  double[] patchVals) {
        assertThat(out).isInstanceOf(PrimitiveArray.class);
        PrimitiveArray p = (PrimitiveArray) out;
        assertThat(p.length()).isEqualTo(encoded.length);
        int k = 0;
        for (int i = 0; i < encoded.length; i++) {
            boolean isValid = valid == null || valid[i];
            assertThat(p.isValid(i)).as("validity of row %d", i).isEqualTo(isValid);
            double want = referenceF64(encoded[i], e, f);
            if (patchPos != null && k < patchPos.length && patchPos[k] == i) {
                want = patchVals[k++];
            }
            if (isValid) {
                assertThat(p.getLong(i)).as("bits of row %d (enc %d, e=%d, f=%d)", i, encoded[i], e, f)
                        .isEqualTo(Double.doubleToRawLongBits(want));
            }
        }
    }

    private static void assertF32(Canonical out, int[] encoded, int e, int f, boolean[] valid) {
        PrimitiveArray p = (PrimitiveArray) out;
        assertThat(p.length()).isEqualTo(encoded.length);
        for (int i = 0; i < encoded.length; i++) {
            boolean isValid = valid == null || valid[i];
            assertThat(p.isValid(i)).isEqualTo(isValid);
            if (isValid) {
                assertThat((int) p.getLong(i)).as("bits of row %d (enc %d, e=%d, f=%d)", i, encoded[i], e, f)
                        .isEqualTo(Float.floatToRawIntBits(referenceF32(encoded[i], e, f)));
            }
        }
    }

    // ---- tables

    @Test
    void tablesAreTheDecimalLiteralsRoundedOnceToTheFloatType() {
        assertThat(AlpEncoding.F10_F64).hasSize(24);
        assertThat(AlpEncoding.IF10_F64).hasSize(24);
        assertThat(AlpEncoding.F10_F32).hasSize(11);
        assertThat(AlpEncoding.IF10_F32).hasSize(11);
        for (int k = 0; k < 24; k++) {
            assertThat(AlpEncoding.F10_F64[k]).isEqualTo(refF10(k));
            assertThat(AlpEncoding.IF10_F64[k]).isEqualTo(refIF10(k));
        }
        for (int k = 0; k < 11; k++) {
            assertThat(AlpEncoding.F10_F32[k]).isEqualTo(new BigDecimal(BigInteger.TEN.pow(k)).floatValue());
            assertThat(AlpEncoding.IF10_F32[k]).isEqualTo(BigDecimal.ONE.movePointLeft(k).floatValue());
        }
        // 0.1f is not the double 0.1 rounded to float in general: check the f32 table was not derived that way
        for (int k = 0; k < 11; k++) {
            assertThat(AlpEncoding.IF10_F32[k]).isEqualTo(Float.parseFloat("1e-" + k));
        }
    }

    // ---- hand-made shapes

    static Stream<Arguments> shapes() {
        List<Arguments> out = new ArrayList<>();
        for (int len : new int[] {0, 1, 1023, 1024, 1025}) {
            for (String nulls : new String[] {"none", "some", "all"}) {
                out.add(Arguments.of(len, nulls));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "f64 length {0}, nulls {1}")
    @MethodSource("shapes")
    void decodesF64Shapes(int len, String nulls) {
        SplittableRandom rnd = Seeds.random("AlpEncodingTest.decodesF64Shapes " + len + " " + nulls);
        long[] enc = new long[len];
        for (int i = 0; i < len; i++) {
            enc[i] = rnd.nextLong(-1_000_000_000L, 1_000_000_000L);
        }
        boolean[] valid = validity(len, nulls, rnd);
        DType.Primitive dtype = new DType.Primitive(PType.F64, valid != null);
        Node n = node(AlpEncoding.ID, alpMeta(14, 12, null), primitive(PType.I64, SegmentBuilder.le(enc, 8), valid));
        assertF64(SegmentBuilder.decode(n, dtype, len), enc, 14, 12, valid, null, null);
    }

    @ParameterizedTest(name = "f32 length {0}, nulls {1}")
    @MethodSource("shapes")
    void decodesF32Shapes(int len, String nulls) {
        SplittableRandom rnd = Seeds.random("AlpEncodingTest.decodesF32Shapes " + len + " " + nulls);
        int[] enc = new int[len];
        long[] asLong = new long[len];
        for (int i = 0; i < len; i++) {
            enc[i] = rnd.nextInt(-10_000_000, 10_000_000);
            asLong[i] = enc[i];
        }
        boolean[] valid = validity(len, nulls, rnd);
        DType.Primitive dtype = new DType.Primitive(PType.F32, valid != null);
        Node n = node(AlpEncoding.ID, alpMeta(6, 5, null), primitive(PType.I32, SegmentBuilder.le(asLong, 4), valid));
        assertF32(SegmentBuilder.decode(n, dtype, len), enc, 6, 5, valid);
    }

    @Test
    void emptyMetadataMeansExponentsZero() {
        long[] enc = {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 53, (1L << 53) + 1};
        Node n = node(AlpEncoding.ID, new byte[0], SegmentBuilder.i64s(enc));
        PrimitiveArray out = (PrimitiveArray) SegmentBuilder.decode(n, F64, enc.length);
        for (int i = 0; i < enc.length; i++) {
            assertThat(out.getDouble(i)).isEqualTo((double) enc[i]);
        }
    }

    @Test
    void extremeExponentsAndIntegers() {
        long[] enc = {0, 1, -1, 7, 123456789012345678L, Long.MAX_VALUE, Long.MIN_VALUE, -999999999999999999L};
        for (int e = 0; e <= AlpEncoding.MAX_EXPONENT_F64; e++) {
            for (int f = 0; f <= AlpEncoding.MAX_EXPONENT_F64; f++) {
                Node n = node(AlpEncoding.ID, alpMeta(e, f, null), SegmentBuilder.i64s(enc));
                assertF64(SegmentBuilder.decode(n, F64, enc.length), enc, e, f, null, null, null);
            }
        }
        int[] enc32 = {0, 1, -1, 7, 16777217, Integer.MAX_VALUE, Integer.MIN_VALUE, -123456789};
        long[] asLong = new long[enc32.length];
        for (int i = 0; i < enc32.length; i++) {
            asLong[i] = enc32[i];
        }
        for (int e = 0; e <= AlpEncoding.MAX_EXPONENT_F32; e++) {
            for (int f = 0; f <= AlpEncoding.MAX_EXPONENT_F32; f++) {
                Node n = node(AlpEncoding.ID, alpMeta(e, f, null), primitive(PType.I32, SegmentBuilder.le(asLong, 4), null));
                assertF32(SegmentBuilder.decode(n, F32, enc32.length), enc32, e, f, null);
            }
        }
    }

    @Test
    void patchesCarryNaNInfinitiesNegativeZeroAndSubnormals() {
        long[] enc = new long[1100];
        for (int i = 0; i < enc.length; i++) {
            enc[i] = i * 25L;
        }
        int[] pos = {0, 5, 1023, 1024, 1099};
        double[] vals = {Double.longBitsToDouble(0x7ff8_0000_dead_beefL), Double.POSITIVE_INFINITY, -0.0,
                         Double.MIN_VALUE, Double.NEGATIVE_INFINITY};
        Proto pm = patchMeta(pos.length, 0, PType.U16).varint(4, 2).varint(5, PType.U8.id()).varint(6, 0);
        Node n = node(AlpEncoding.ID, alpMeta(2, 0, pm), SegmentBuilder.i64s(enc),
                primitive(PType.U16, SegmentBuilder.le(new long[] {0, 5, 1023, 1024, 1099}, 2), null),
                primitive(PType.F64, SegmentBuilder.leDoubles(vals), null),
                primitive(PType.U8, new byte[] {0, 3}, null));
        assertF64(SegmentBuilder.decode(n, F64, enc.length), enc, 2, 0, null, pos, vals);
    }

    @Test
    void patchIndicesAreRelativeToTheOffset() {
        long[] enc = {100, 200, 300, 400};
        Proto pm = patchMeta(2, 1000, PType.U32);
        Node n = node(AlpEncoding.ID, alpMeta(2, 0, pm), SegmentBuilder.i64s(enc),
                primitive(PType.U32, SegmentBuilder.le(new long[] {1001, 1003}, 4), null),
                primitive(PType.F64, SegmentBuilder.leDoubles(Double.NaN, -0.0), null));
        assertF64(SegmentBuilder.decode(n, F64, 4), enc, 2, 0, null, new int[] {1, 3}, new double[] {Double.NaN, -0.0});
    }

    @Test
    void f32PatchesWithNullableArray() {
        long[] enc = {10, 20, 0, 40};
        boolean[] valid = {true, true, false, true};
        Proto pm = patchMeta(1, 0, PType.U8);
        Node n = node(AlpEncoding.ID, alpMeta(1, 0, pm), primitive(PType.I32, SegmentBuilder.le(enc, 4), valid),
                primitive(PType.U8, new byte[] {1}, null),
                primitive(PType.F32, SegmentBuilder.leFloats(Float.intBitsToFloat(0x7fc0_0001)), null));
        PrimitiveArray out = (PrimitiveArray) SegmentBuilder.decode(n, new DType.Primitive(PType.F32, true), 4);
        assertThat((int) out.getLong(0)).isEqualTo(Float.floatToRawIntBits(1.0f));
        assertThat((int) out.getLong(1)).isEqualTo(0x7fc0_0001);
        assertThat(out.isValid(2)).isFalse();
        assertThat((int) out.getLong(3)).isEqualTo(Float.floatToRawIntBits(4.0f));
    }

    // ---- seeded random vs reference

    @Test
    void randomArraysMatchTheReferenceDecoder() {
        SplittableRandom rnd = Seeds.random("AlpEncodingTest.randomArraysMatchTheReferenceDecoder");
        for (int round = 0; round < 60; round++) {
            boolean f32 = rnd.nextBoolean();
            int len = rnd.nextInt(4) == 0 ? rnd.nextInt(3) : rnd.nextInt(1, 4000);
            int max = f32 ? AlpEncoding.MAX_EXPONENT_F32 : AlpEncoding.MAX_EXPONENT_F64;
            int e = rnd.nextInt(max + 1);
            int f = rnd.nextInt(max + 1);
            long[] enc = new long[len];
            for (int i = 0; i < len; i++) {
                enc[i] = switch (rnd.nextInt(3)) {
                    case 0 -> rnd.nextLong(-1000, 1000);
                    case 1 -> rnd.nextLong(-1L << 40, 1L << 40);
                    default -> f32 ? rnd.nextInt() : rnd.nextLong();
                };
            }
            boolean[] valid = rnd.nextBoolean() ? null : validity(len, "some", rnd);
            // random strictly increasing patch positions with arbitrary float bit patterns
            TreeSet<Integer> posSet = new TreeSet<>();
            int patchCount = len == 0 ? 0 : rnd.nextInt(Math.min(len, 40) + 1);
            while (posSet.size() < patchCount) {
                posSet.add(rnd.nextInt(len));
            }
            int[] pos = posSet.stream().mapToInt(Integer::intValue).toArray();
            long offset = rnd.nextBoolean() ? 0 : rnd.nextLong(0, 100_000);
            PType idxType = len + offset <= 255 && rnd.nextBoolean() ? PType.U8
                    : len + offset <= 65535 && rnd.nextBoolean() ? PType.U16 : rnd.nextBoolean() ? PType.U32 : PType.U64;
            long[] storedIdx = new long[pos.length];
            long[] patchBits = new long[pos.length];
            for (int k = 0; k < pos.length; k++) {
                storedIdx[k] = pos[k] + offset;
                patchBits[k] = f32 ? rnd.nextInt() & 0xFFFF_FFFFL : rnd.nextLong();
            }
            boolean chunkOffsets = pos.length > 0 && rnd.nextBoolean();
            Proto pm = patchMeta(pos.length, offset, idxType);
            if (chunkOffsets) {
                pm.varint(4, 1).varint(5, PType.U32.id()).varint(6, 0);
            }
            PType intType = f32 ? PType.I32 : PType.I64;
            List<Node> kids = new ArrayList<>();
            kids.add(primitive(intType, SegmentBuilder.le(enc, intType.byteWidth()), valid));
            if (pos.length > 0) {
                kids.add(primitive(idxType, SegmentBuilder.le(storedIdx, idxType.byteWidth()), null));
                kids.add(primitive(f32 ? PType.F32 : PType.F64, SegmentBuilder.le(patchBits, f32 ? 4 : 8), null));
                if (chunkOffsets) {
                    kids.add(primitive(PType.U32, new byte[4], null));
                }
            }
            Node n = node(AlpEncoding.ID, alpMeta(e, f, pos.length > 0 ? pm : null), kids.toArray(Node[]::new));
            DType.Primitive dtype = new DType.Primitive(f32 ? PType.F32 : PType.F64, valid != null);
            PrimitiveArray out = (PrimitiveArray) SegmentBuilder.decode(n, dtype, len);
            int k = 0;
            for (int i = 0; i < len; i++) {
                boolean isValid = valid == null || valid[i];
                assertThat(out.isValid(i)).isEqualTo(isValid);
                long want;
                if (k < pos.length && pos[k] == i) {
                    want = patchBits[k++];
                } else {
                    want = f32 ? Float.floatToRawIntBits(referenceF32((int) enc[i], e, f)) & 0xFFFF_FFFFL
                            : Double.doubleToRawLongBits(referenceF64(enc[i], e, f));
                }
                if (isValid) {
                    assertThat(out.getLong(i)).as("round %d row %d enc %d e=%d f=%d", round, i, enc[i], e, f)
                            .isEqualTo(want);
                }
            }
        }
    }

    // ---- round trip through a straightforward ALP encoder (the reference's algorithm)

    private static final double SWEET = (double) (1L << 52) + (double) (1L << 51);

    private static long encodeF64(double v, int e, int f) {
        double scaled = v * AlpEncoding.F10_F64[e] * AlpEncoding.IF10_F64[f];
        return (long) ((scaled + SWEET) - SWEET);
    }

    @Test
    void encodedDecimalsRoundTripBitExactly() {
        SplittableRandom rnd = Seeds.random("AlpEncodingTest.encodedDecimalsRoundTripBitExactly");
        int len = 3000;
        double[] values = new double[len];
        for (int i = 0; i < len; i++) {
            values[i] = switch (i % 4) {
                case 0 -> Math.round(rnd.nextDouble(0, 1000) * 100) / 100.0;
                case 1 -> i * 0.1;
                case 2 -> -Math.round(rnd.nextDouble(0, 1e6) * 1000) / 1000.0;
                default -> rnd.nextDouble();
            };
        }
        int e = 14;
        int f = 11;
        long[] enc = new long[len];
        List<Integer> pos = new ArrayList<>();
        for (int i = 0; i < len; i++) {
            enc[i] = encodeF64(values[i], e, f);
            double back = (double) enc[i] * AlpEncoding.F10_F64[f] * AlpEncoding.IF10_F64[e];
            if (Double.doubleToRawLongBits(back) != Double.doubleToRawLongBits(values[i])) {
                pos.add(i);
            }
        }
        long[] idx = pos.stream().mapToLong(Integer::longValue).toArray();
        double[] pv = pos.stream().mapToDouble(i -> values[i]).toArray();
        for (int i : pos) {
            enc[i] = 0;
        }
        Node n = node(AlpEncoding.ID, alpMeta(e, f, patchMeta(idx.length, 0, PType.U16)), SegmentBuilder.i64s(enc),
                primitive(PType.U16, SegmentBuilder.le(idx, 2), null), primitive(PType.F64, SegmentBuilder.leDoubles(pv), null));
        PrimitiveArray out = (PrimitiveArray) SegmentBuilder.decode(n, F64, len);
        for (int i = 0; i < len; i++) {
            assertThat(out.getLong(i)).as("row %d = %s", i, values[i]).isEqualTo(Double.doubleToRawLongBits(values[i]));
        }
        assertThat(pos.size()).as("the random doubles (a quarter of the rows) need patches").isGreaterThan(len / 8);
    }

    // ---- golden Rust-written arrays

    static List<GoldenCase> golden() {
        return GoldenCase.load("alp");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("golden")
    void goldenRootOverRustDecodedChildren(GoldenCase c) {
        Canonical out = SegmentBuilder.decode(c.rootOverPrimitiveChildren(), c.dtype(), c.rows());
        assertGolden(c, out);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("golden")
    void goldenFullRustTree(GoldenCase c) {
        assumeTrue(c.fullTreeDecodable(), () -> "not registered yet: " + c.missingEncodings());
        assertGolden(c, SegmentBuilder.decode(c.serialized(), c.dtype(), c.rows()));
    }

    static void assertGolden(GoldenCase c, Canonical out) {
        assertThat(out.length()).isEqualTo(c.rows());
        c.assertBits(out, 0);
    }

    // ---- allowUnknown

    @Test
    void unknownEncodedChildPropagatesAsOpaqueWhenAllowed() {
        Node n = node(AlpEncoding.ID, alpMeta(1, 0, null), node("vendor.mystery", new byte[0]));
        DecodeContext ctx = new DecodeContext(EncodingRegistry.defaults(), Arena.ofAuto(), true, 1 << 20);
        Canonical out = ctx.decode(SegmentBuilder.serialize(n).root(), F64, 3);
        assertThat(out).isEqualTo(new OpaqueArray("vendor.mystery", F64, 3));
    }

    /** The same columns written by the Rust file writer, read through the file reader. */
    @Test
    void goldenRustFiles() {
        GoldenFiles.Report report = GoldenFiles.check("alp", golden(), (c, rows, first) -> c.assertBits(rows, first));
        assertThat(report.columnsUsing(AlpEncoding.ID)).as("columns the Rust writer stored with %s: %s", AlpEncoding.ID,
                report.encodingsByColumn()).isNotEmpty();
        assumeTrue(report.opaque().isEmpty(), () -> "compared " + report.compared() + "; not yet readable: "
                + report.opaque());
    }

    @Test
    void outputIsChargedToTheDecodedBytesBudget() {
        Node n = node(AlpEncoding.ID, alpMeta(1, 0, null), SegmentBuilder.i64s(new long[1000]));
        DecodeContext ctx = new DecodeContext(EncodingRegistry.defaults(), Arena.ofAuto(), false, 7999);
        assertThatThrownBy(() -> ctx.decode(SegmentBuilder.serialize(n).root(), F64, 1000))
                .isInstanceOf(VortexException.class).hasMessageContaining("budget");
    }

    // ---- corrupt input

    private static void assertCorrupt(Node n, DType dtype, int len, String messagePart) {
        assertThatThrownBy(() -> SegmentBuilder.decode(n, dtype, len))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining(messagePart);
    }

    @Test
    void rejectsNonFloatDType() {
        assertCorrupt(node(AlpEncoding.ID, alpMeta(1, 0, null), SegmentBuilder.i64s(1)),
                new DType.Primitive(PType.I64, false), 1, "holds f32 or f64");
        assertCorrupt(node(AlpEncoding.ID, alpMeta(1, 0, null), SegmentBuilder.i64s(1)), new DType.Bool(false), 1,
                "cannot hold");
    }

    @Test
    void rejectsExponentsOutsideTheTables() {
        long[] one = {1};
        assertCorrupt(node(AlpEncoding.ID, alpMeta(19, 0, null), SegmentBuilder.i64s(one)), F64, 1, "outside 0..18");
        assertCorrupt(node(AlpEncoding.ID, alpMeta(0, 19, null), SegmentBuilder.i64s(one)), F64, 1, "outside 0..18");
        Node f32 = node(AlpEncoding.ID, alpMeta(11, 0, null), primitive(PType.I32, new byte[4], null));
        assertCorrupt(f32, F32, 1, "outside 0..10");
        Node f32f = node(AlpEncoding.ID, alpMeta(0, 11, null), primitive(PType.I32, new byte[4], null));
        assertCorrupt(f32f, F32, 1, "outside 0..10");
        assertCorrupt(node(AlpEncoding.ID, Proto.message().varint(1, 1L << 40).build(), SegmentBuilder.i64s(one)),
                F64, 1, "exceeds 255");
    }

    @Test
    void rejectsMalformedMetadata() {
        assertCorrupt(node(AlpEncoding.ID, new byte[] {0x08, (byte) 0x80}, SegmentBuilder.i64s(1)), F64, 1,
                "truncated varint");
        byte[] badPatches = Proto.message().bytes(3, new byte[] {0x18, 0x7f}).build();
        assertCorrupt(node(AlpEncoding.ID, badPatches, SegmentBuilder.i64s(1), SegmentBuilder.i64s(0),
                SegmentBuilder.i64s(0)), F64, 1, "ptype");
        byte[] signedIdx = alpMeta(1, 0, patchMeta(1, 0, PType.I32));
        assertCorrupt(node(AlpEncoding.ID, signedIdx, SegmentBuilder.i64s(1), primitive(PType.I32, new byte[4], null),
                primitive(PType.F64, new byte[8], null)), F64, 1, "must be unsigned");
    }

    @Test
    void rejectsWrongChildAndBufferCounts() {
        assertCorrupt(node(AlpEncoding.ID, alpMeta(1, 0, null)), F64, 1, "has 0 children, expected 1");
        assertCorrupt(node(AlpEncoding.ID, alpMeta(1, 0, null), SegmentBuilder.i64s(1), SegmentBuilder.i64s(1)), F64, 1,
                "has 2 children, expected 1");
        byte[] withPatches = alpMeta(1, 0, patchMeta(1, 0, PType.U8));
        assertCorrupt(node(AlpEncoding.ID, withPatches, SegmentBuilder.i64s(1)), F64, 1, "has 1 children, expected 3");
        byte[] withChunks = alpMeta(1, 0, patchMeta(1, 0, PType.U8).varint(4, 1).varint(5, 0));
        assertCorrupt(node(AlpEncoding.ID, withChunks, SegmentBuilder.i64s(1), primitive(PType.U8, new byte[1], null),
                primitive(PType.F64, new byte[8], null)), F64, 1, "has 3 children, expected 4");
        Node withBuffer = new Node(AlpEncoding.ID, alpMeta(1, 0, null), List.of(new byte[8]),
                List.of(SegmentBuilder.i64s(1)));
        assertCorrupt(withBuffer, F64, 1, "has 1 buffers, expected 0");
    }

    @Test
    void rejectsBadPatches() {
        long[] enc = {1, 2, 3};
        byte[] tooMany = alpMeta(1, 0, patchMeta(4, 0, PType.U8));
        assertCorrupt(node(AlpEncoding.ID, tooMany, SegmentBuilder.i64s(enc), primitive(PType.U8, new byte[] {0, 1, 2, 2}, null),
                primitive(PType.F64, new byte[32], null)), F64, 3, "4 patches, expected at most");
        byte[] two = alpMeta(1, 0, patchMeta(2, 0, PType.U8));
        assertCorrupt(node(AlpEncoding.ID, two, SegmentBuilder.i64s(enc), primitive(PType.U8, new byte[] {0, 3}, null),
                primitive(PType.F64, new byte[16], null)), F64, 3, "outside 0..3");
        assertCorrupt(node(AlpEncoding.ID, two, SegmentBuilder.i64s(enc), primitive(PType.U8, new byte[] {2, 1}, null),
                primitive(PType.F64, new byte[16], null)), F64, 3, "not strictly increasing");
        assertCorrupt(node(AlpEncoding.ID, two, SegmentBuilder.i64s(enc), primitive(PType.U8, new byte[] {1, 1}, null),
                primitive(PType.F64, new byte[16], null)), F64, 3, "not strictly increasing");
        byte[] offset = alpMeta(1, 0, patchMeta(1, 10, PType.U8));
        assertCorrupt(node(AlpEncoding.ID, offset, SegmentBuilder.i64s(enc), primitive(PType.U8, new byte[] {5}, null),
                primitive(PType.F64, new byte[8], null)), F64, 3, "outside 0..3");
        assertCorrupt(node(AlpEncoding.ID, two, SegmentBuilder.i64s(enc), primitive(PType.U8, new byte[] {0, 1}, null),
                primitive(PType.F64, new byte[8], null)), F64, 3, "expected 16");
    }

    @Test
    void rejectsEncodedChildOfTheWrongLength() {
        assertCorrupt(node(AlpEncoding.ID, alpMeta(1, 0, null), SegmentBuilder.i64s(1, 2)), F64, 3, "expected 24");
    }
}
