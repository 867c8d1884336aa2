package io.jvortex.internal.encodings.decimalbyteparts;

import static io.jvortex.internal.encodings.alp.SegmentBuilder.le;
import static io.jvortex.internal.encodings.alp.SegmentBuilder.node;
import static io.jvortex.internal.encodings.alp.SegmentBuilder.primitive;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
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
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DecimalBytePartsEncodingTest {
    private static final PType[] SIGNED = {PType.I8, PType.I16, PType.I32, PType.I64};

    static byte[] meta(PType msp) {
        return Proto.message().varint(1, msp.id()).build();
    }

    private static void check(PType msp, DType.Decimal dtype, long[] unscaled, boolean[] valid) {
        int n = unscaled.length;
        Node node = node(DecimalBytePartsEncoding.ID, meta(msp), primitive(msp, le(unscaled, msp.byteWidth()), valid));
        Canonical out = SegmentBuilder.decode(node, dtype, n);
        assertThat(out).isInstanceOf(DecimalArray.class);
        DecimalArray d = (DecimalArray) out;
        assertThat(d.dtype()).isEqualTo(dtype);
        assertThat(d.valueByteWidth()).as("value width = the child's integer width").isEqualTo(msp.byteWidth());
        for (int i = 0; i < n; i++) {
            boolean isValid = valid == null || valid[i];
            assertThat(d.isValid(i)).isEqualTo(isValid);
            if (isValid) {
                long want = switch (msp) {
                    case I8 -> (byte) unscaled[i];
                    case I16 -> (short) unscaled[i];
                    case I32 -> (int) unscaled[i];
                    default -> unscaled[i];
                };
                assertThat(d.getUnscaled(i)).as("row %d", i).isEqualTo(BigInteger.valueOf(want));
            }
        }
        // point access: every third row, each twice, through the child's point access
        int[] positions = java.util.stream.IntStream.range(0, 2 * ((n + 2) / 3)).map(k -> 3 * (k / 2)).toArray();
        DecimalArray taken = (DecimalArray) SegmentBuilder.take(node, dtype, n, positions);
        assertThat(taken.length()).isEqualTo(positions.length);
        for (int k = 0; k < positions.length; k++) {
            assertThat(taken.isValid(k)).as("taken row %d", positions[k]).isEqualTo(d.isValid(positions[k]));
            if (d.isValid(positions[k])) {
                assertThat(taken.getUnscaled(k)).as("taken row %d", positions[k])
                        .isEqualTo(d.getUnscaled(positions[k]));
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
    void decodesShapes(PType msp, int len, String nulls) {
        SplittableRandom rnd = Seeds.random(
                "DecimalBytePartsEncodingTest.decodesShapes " + msp + " " + len + " " + nulls);
        long[] v = new long[len];
        for (int i = 0; i < len; i++) {
            v[i] = rnd.nextLong();
        }
        boolean[] valid = nulls.equals("none") ? null : new boolean[len];
        for (int i = 0; valid != null && i < len; i++) {
            valid[i] = nulls.equals("some") && rnd.nextBoolean();
        }
        check(msp, new DType.Decimal(38, 4, valid != null), v, valid);
    }

    @Test
    void extremesOfEachWidth() {
        long[] v = {0, 1, -1, Byte.MIN_VALUE, Byte.MAX_VALUE, Short.MIN_VALUE, Short.MAX_VALUE, Integer.MIN_VALUE,
                    Integer.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE};
        for (PType t : SIGNED) {
            check(t, new DType.Decimal(76, -3, false), v, null);
        }
    }

    @Test
    void sharesTheChildBufferWithoutCopying() {
        Node node = node(DecimalBytePartsEncoding.ID, meta(PType.I16), primitive(PType.I16, le(new long[] {7, -7}, 2), null));
        var serialized = SegmentBuilder.serialize(node);
        DecimalArray d = (DecimalArray) SegmentBuilder.decode(serialized, new DType.Decimal(4, 2, false), 2);
        assertThat(d.values().isNative()).isFalse();
        assertThat(d.values().heapBase()).containsSame(serialized.root().child(0).buffer(0).heapBase().orElseThrow());
    }

    @Test
    void randomArrays() {
        SplittableRandom rnd = Seeds.random("DecimalBytePartsEncodingTest.randomArrays");
        for (int round = 0; round < 40; round++) {
            long[] v = new long[rnd.nextInt(3000)];
            Arrays.setAll(v, i -> rnd.nextLong());
            check(SIGNED[rnd.nextInt(4)], new DType.Decimal(rnd.nextInt(1, 77), rnd.nextInt(-10, 2), false), v, null);
        }
    }

    // ---- golden (expected = 16-byte little-endian unscaled values, the Arrow decimal128 layout)

    static List<GoldenCase> golden() {
        return GoldenCase.load("decimalbyteparts");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("golden")
    void goldenRootOverRustDecodedChildren(GoldenCase c) {
        assertGolden(c, SegmentBuilder.decode(c.rootOverPrimitiveChildren(), c.dtype(), c.rows()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("golden")
    void goldenFullRustTree(GoldenCase c) {
        assumeTrue(c.fullTreeDecodable(), () -> "not registered yet: " + c.missingEncodings());
        assertGolden(c, SegmentBuilder.decode(c.serialized(), c.dtype(), c.rows()));
    }

    private static void assertGolden(GoldenCase c, Canonical out) {
        DecimalArray d = (DecimalArray) out;
        assertThat(d.dtype()).isEqualTo(c.dtype());
        assertThat(d.valueByteWidth()).isEqualTo(c.childTypes().get(0).ptype().byteWidth());
        c.assertDecimals(out, 0);
    }

    /** The same columns written by the Rust file writer, read through the file reader. */
    @Test
    void goldenRustFiles() {
        GoldenFiles.Report report = GoldenFiles.check("decimalbyteparts", golden(), (c, rows, first) -> c.assertDecimals(rows, first));
        assertThat(report.columnsUsing(DecimalBytePartsEncoding.ID)).as("columns the Rust writer stored with %s: %s", DecimalBytePartsEncoding.ID,
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
        DType.Decimal dec = new DType.Decimal(10, 2, false);
        Node child = primitive(PType.I32, new byte[4], null);
        assertCorrupt(node(DecimalBytePartsEncoding.ID, meta(PType.I32), child), new DType.Primitive(PType.I32, false), 1,
                "cannot hold");
        assertCorrupt(node(DecimalBytePartsEncoding.ID, meta(PType.U32), child), dec, 1, "must be a signed integer");
        assertCorrupt(node(DecimalBytePartsEncoding.ID, meta(PType.F32), child), dec, 1, "must be a signed integer");
        assertCorrupt(node(DecimalBytePartsEncoding.ID, new byte[0], primitive(PType.U8, new byte[1], null)), dec, 1,
                "must be a signed integer, got u8");
        assertCorrupt(node(DecimalBytePartsEncoding.ID, Proto.message().varint(1, PType.I32.id()).varint(2, 1).build(),
                child), dec, 1, "lower_part_count 1 unsupported");
        assertCorrupt(node(DecimalBytePartsEncoding.ID, new byte[] {0x08, (byte) 0xff}, child), dec, 1,
                "truncated varint");
        assertCorrupt(node(DecimalBytePartsEncoding.ID, meta(PType.I32)), dec, 1, "has 0 children, expected 1");
        assertCorrupt(node(DecimalBytePartsEncoding.ID, meta(PType.I32), child, child), dec, 1,
                "has 2 children, expected 1");
        assertCorrupt(new Node(DecimalBytePartsEncoding.ID, meta(PType.I32), List.of(new byte[1]), List.of(child)), dec,
                1, "has 1 buffers, expected 0");
        assertCorrupt(node(DecimalBytePartsEncoding.ID, meta(PType.I32), child), dec, 2, "expected 8");
    }
}
