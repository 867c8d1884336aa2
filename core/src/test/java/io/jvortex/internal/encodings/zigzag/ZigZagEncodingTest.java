package io.jvortex.internal.encodings.zigzag;

import static io.jvortex.internal.encodings.alp.SegmentBuilder.le;
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
import io.jvortex.testing.Seeds;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ZigZagEncodingTest {
    private static final PType[] SIGNED = {PType.I8, PType.I16, PType.I32, PType.I64};

    /** The textbook definition on a value of {@code bits} bits: even codes are non-negative, odd negative. */
    static long referenceDecode(long u, int bits) {
        long unsigned = bits == 64 ? u : u & ((1L << bits) - 1);
        long magnitude = unsigned >>> 1;
        long v = (unsigned & 1) == 0 ? magnitude : -magnitude - 1;
        return bits == 64 ? v : (v << (64 - bits)) >> (64 - bits);
    }

    private static void check(PType type, long[] encoded, boolean[] valid) {
        int n = encoded.length;
        Node node = node(ZigZagEncoding.ID, new byte[0], primitive(type.toUnsigned(), le(encoded, type.byteWidth()), valid));
        PrimitiveArray out = (PrimitiveArray) SegmentBuilder.decode(node, new DType.Primitive(type, valid != null), n);
        for (int i = 0; i < n; i++) {
            boolean isValid = valid == null || valid[i];
            assertThat(out.isValid(i)).isEqualTo(isValid);
            if (isValid) {
                assertThat(out.getLong(i)).as("%s row %d code %d", type, i, encoded[i])
                        .isEqualTo(referenceDecode(encoded[i], type.bitWidth()));
            }
        }
    }

    static Stream<Arguments> shapes() {
        List<Arguments> out = new ArrayList<>();
        for (PType t : SIGNED) {
            for (int len : new int[] {0, 1, 1023, 1024, 1025}) {
                for (String nulls : new String[] {"none", "some", "all"}) {
                    out.add(Arguments.of(t, len, nulls));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} length {1}, nulls {2}")
    @MethodSource("shapes")
    void decodesShapes(PType type, int len, String nulls) {
        SplittableRandom rnd = Seeds.random("ZigZagEncodingTest.decodesShapes " + type + " " + len + " " + nulls);
        long[] enc = new long[len];
        for (int i = 0; i < len; i++) {
            enc[i] = rnd.nextLong();
        }
        boolean[] valid = nulls.equals("none") ? null : new boolean[len];
        for (int i = 0; valid != null && i < len; i++) {
            valid[i] = nulls.equals("some") && rnd.nextBoolean();
        }
        check(type, enc, valid);
    }

    @Test
    void extremes() {
        long[] codes = {0, 1, 2, 3, -1, -2, 0x7F, 0x80, 0xFE, 0xFF, 0xFFFE, 0xFFFF, 0xFFFF_FFFEL, 0xFFFF_FFFFL,
                        Long.MAX_VALUE, Long.MIN_VALUE};
        for (PType t : SIGNED) {
            check(t, codes, null);
        }
        // the two ends of each type: MAX is the second-largest code, MIN the largest
        Node n = node(ZigZagEncoding.ID, new byte[0], primitive(PType.U8, new byte[] {(byte) 0xFE, (byte) 0xFF}, null));
        PrimitiveArray out = (PrimitiveArray) SegmentBuilder.decode(n, new DType.Primitive(PType.I8, false), 2);
        assertThat(out.getLong(0)).isEqualTo(Byte.MAX_VALUE);
        assertThat(out.getLong(1)).isEqualTo(Byte.MIN_VALUE);
        Node n64 = node(ZigZagEncoding.ID, new byte[0], primitive(PType.U64, le(new long[] {-2, -1}, 8), null));
        PrimitiveArray out64 = (PrimitiveArray) SegmentBuilder.decode(n64, new DType.Primitive(PType.I64, false), 2);
        assertThat(out64.getLong(0)).isEqualTo(Long.MAX_VALUE);
        assertThat(out64.getLong(1)).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void randomArraysMatchTheReferenceDecoder() {
        SplittableRandom rnd = Seeds.random("ZigZagEncodingTest.randomArraysMatchTheReferenceDecoder");
        for (int round = 0; round < 50; round++) {
            PType t = SIGNED[rnd.nextInt(4)];
            long[] enc = new long[rnd.nextInt(5000)];
            for (int i = 0; i < enc.length; i++) {
                enc[i] = rnd.nextBoolean() ? rnd.nextLong(64) : rnd.nextLong();
            }
            check(t, enc, null);
        }
    }

    // ---- golden

    static List<GoldenCase> golden() {
        return GoldenCase.load("zigzag");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("golden")
    void goldenRootOverRustDecodedChildren(GoldenCase c) {
        c.assertBits(SegmentBuilder.decode(c.rootOverPrimitiveChildren(), c.dtype(), c.rows()), 0);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("golden")
    void goldenFullRustTree(GoldenCase c) {
        assumeTrue(c.fullTreeDecodable(), () -> "not registered yet: " + c.missingEncodings());
        c.assertBits(SegmentBuilder.decode(c.serialized(), c.dtype(), c.rows()), 0);
    }

    /** The same columns written by the Rust file writer, read through the file reader. */
    @Test
    void goldenRustFiles() {
        GoldenFiles.Report report = GoldenFiles.check("zigzag", golden(), (c, rows, first) -> c.assertBits(rows, first));
        assertThat(report.columnsUsing(ZigZagEncoding.ID)).as("columns the Rust writer stored with %s: %s", ZigZagEncoding.ID,
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
        Node ok = primitive(PType.U32, new byte[4], null);
        DType.Primitive i32 = new DType.Primitive(PType.I32, false);
        assertCorrupt(node(ZigZagEncoding.ID, new byte[0], ok), new DType.Primitive(PType.U32, false), 1,
                "holds signed integers");
        assertCorrupt(node(ZigZagEncoding.ID, new byte[0], ok), new DType.Primitive(PType.F32, false), 1,
                "holds signed integers");
        assertCorrupt(node(ZigZagEncoding.ID, new byte[0], ok), new DType.Bool(false), 1, "cannot hold");
        assertCorrupt(node(ZigZagEncoding.ID, new byte[] {8, 1}, ok), i32, 1, "metadata must be empty");
        assertCorrupt(node(ZigZagEncoding.ID, new byte[0]), i32, 1, "has 0 children, expected 1");
        assertCorrupt(node(ZigZagEncoding.ID, new byte[0], ok, ok), i32, 1, "has 2 children, expected 1");
        assertCorrupt(new Node(ZigZagEncoding.ID, new byte[0], List.of(new byte[4]), List.of(ok)), i32, 1,
                "has 1 buffers, expected 0");
        assertCorrupt(node(ZigZagEncoding.ID, new byte[0], ok), i32, 2, "expected 8");
    }
}
