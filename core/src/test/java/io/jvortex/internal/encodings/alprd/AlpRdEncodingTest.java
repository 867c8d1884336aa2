package io.jvortex.internal.encodings.alprd;

import static io.jvortex.internal.encodings.alp.SegmentBuilder.le;
import static io.jvortex.internal.encodings.alp.SegmentBuilder.node;
import static io.jvortex.internal.encodings.alp.SegmentBuilder.primitive;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.alp.GoldenCase;
import io.jvortex.internal.encodings.alp.GoldenFiles;
import io.jvortex.internal.encodings.alp.SegmentBuilder;
import io.jvortex.internal.encodings.alp.SegmentBuilder.Node;
import io.jvortex.internal.encodings.alp.SegmentBuilder.Proto;
import io.jvortex.testing.Seeds;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class AlpRdEncodingTest {
    private static final DType.Primitive F64 = new DType.Primitive(PType.F64, false);
    private static final DType.Primitive F32 = new DType.Primitive(PType.F32, false);

    /** A generated ALP-RD array and what it must decode to. */
    private record Case(Node node, DType.Primitive dtype, int length, long[] expectedBits, boolean[] valid) {
    }

    static byte[] meta(int rbw, long[] dict, PType leftType, Proto patches) {
        Proto m = Proto.message().varint(1, rbw).varint(2, dict.length);
        if (dict.length > 0) {
            m.packed(3, dict);
        }
        if (leftType != PType.U8) {
            m.varint(4, leftType.id());
        }
        if (patches != null) {
            m.message(5, patches);
        }
        return m.build();
    }

    /**
     * Builds a random array: codes below the dictionary size except at null and patched rows (which get
     * arbitrary codes, as the format leaves them unspecified), random right parts below 2^rbw.
     */
    private static Case generate(SplittableRandom rnd, boolean f32, int len, String nulls, PType leftType) {
        int bits = f32 ? 32 : 64;
        int rbw = bits - rnd.nextInt(1, 17);
        int dictLen = rnd.nextInt(1, 9);
        long[] dict = new long[dictLen];
        for (int i = 0; i < dictLen; i++) {
            dict[i] = rnd.nextInt(1 << (bits - rbw));
        }
        boolean[] valid = switch (nulls) {
            case "none" -> null;
            default -> {
                boolean[] v = new boolean[len];
                for (int i = 0; i < len; i++) {
                    v[i] = nulls.equals("some") && rnd.nextInt(3) != 0;
                }
                yield v;
            }
        };
        TreeSet<Integer> posSet = new TreeSet<>();
        int patchCount = len == 0 ? 0 : rnd.nextInt(Math.min(len, 30) + 1);
        while (posSet.size() < patchCount) {
            posSet.add(rnd.nextInt(len));
        }
        int[] pos = posSet.stream().mapToInt(Integer::intValue).toArray();
        long maxCode = leftType == PType.U8 ? 0xFF : 0xFFFF;
        long[] codes = new long[len];
        long[] rights = new long[len];
        long[] expected = new long[len];
        long rightMask = rbw == 64 ? -1L : (1L << rbw) - 1;
        int k = 0;
        long[] patchLeft = new long[pos.length];
        for (int i = 0; i < len; i++) {
            boolean patched = k < pos.length && pos[k] == i;
            boolean isNull = valid != null && !valid[i];
            codes[i] = patched || isNull ? rnd.nextLong(maxCode + 1) : rnd.nextInt(dictLen);
            rights[i] = rnd.nextLong() & rightMask;
            long left;
            if (patched) {
                patchLeft[k] = rnd.nextInt(Math.min(1 << (bits - rbw), leftType == PType.U8 ? 256 : 1 << 16));
                left = patchLeft[k++];
            } else {
                left = dict[(int) Math.min(codes[i], dictLen - 1)];
            }
            expected[i] = f32 ? ((int) left << rbw | (int) rights[i]) & 0xFFFF_FFFFL : left << rbw | rights[i];
        }
        List<Node> kids = new ArrayList<>();
        kids.add(primitive(leftType, le(codes, leftType.byteWidth()), valid));
        kids.add(primitive(f32 ? PType.U32 : PType.U64, le(rights, f32 ? 4 : 8), null));
        Proto pm = null;
        if (pos.length > 0) {
            long[] idx = new long[pos.length];
            for (int i = 0; i < pos.length; i++) {
                idx[i] = pos[i];
            }
            pm = Proto.message().varint(1, pos.length).varint(3, PType.U32.id());
            kids.add(primitive(PType.U32, le(idx, 4), null));
            kids.add(primitive(leftType, le(patchLeft, leftType.byteWidth()), null));
        }
        Node n = node(AlpRdEncoding.ID, meta(rbw, dict, leftType, pm), kids.toArray(Node[]::new));
        return new Case(n, new DType.Primitive(f32 ? PType.F32 : PType.F64, valid != null), len, expected, valid);
    }

    private static void check(Case c) {
        PrimitiveArray out = (PrimitiveArray) SegmentBuilder.decode(c.node(), c.dtype(), c.length());
        assertThat(out.length()).isEqualTo(c.length());
        for (int i = 0; i < c.length(); i++) {
            boolean isValid = c.valid() == null || c.valid()[i];
            assertThat(out.isValid(i)).isEqualTo(isValid);
            if (isValid) {
                assertThat(out.getLong(i)).as("bits of row %d", i).isEqualTo(c.expectedBits()[i]);
            }
        }
    }

    static Stream<Arguments> shapes() {
        List<Arguments> out = new ArrayList<>();
        for (boolean f32 : new boolean[] {false, true}) {
            for (int len : new int[] {0, 1, 1023, 1024, 1025}) {
                for (String nulls : new String[] {"none", "some", "all"}) {
                    out.add(Arguments.of(f32 ? "f32" : "f64", len, nulls));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} length {1}, nulls {2}")
    @MethodSource("shapes")
    void decodesShapes(String type, int len, String nulls) {
        SplittableRandom rnd = Seeds.random("AlpRdEncodingTest.decodesShapes " + type + " " + len + " " + nulls);
        check(generate(rnd, type.equals("f32"), len, nulls, PType.U16));
    }

    @Test
    void randomArraysMatchTheReferenceDecoder() {
        SplittableRandom rnd = Seeds.random("AlpRdEncodingTest.randomArraysMatchTheReferenceDecoder");
        PType[] leftTypes = {PType.U8, PType.U16, PType.U32, PType.U64};
        for (int round = 0; round < 80; round++) {
            String nulls = new String[] {"none", "some", "all"}[rnd.nextInt(3)];
            check(generate(rnd, rnd.nextBoolean(), rnd.nextInt(3000), nulls, leftTypes[rnd.nextInt(4)]));
        }
    }

    @Test
    void emptyDictionaryWithEveryRowPatched() {
        Proto pm = Proto.message().varint(1, 2);
        Node n = node(AlpRdEncoding.ID, meta(52, new long[0], PType.U16, pm),
                primitive(PType.U16, le(new long[] {0, 0}, 2), null),
                primitive(PType.U64, le(new long[] {0, 1}, 8), null),
                primitive(PType.U8, new byte[] {0, 1}, null),
                primitive(PType.U16, le(new long[] {0x3FF, 0x400}, 2), null));
        PrimitiveArray out = (PrimitiveArray) SegmentBuilder.decode(n, F64, 2);
        assertThat(out.getDouble(0)).isEqualTo(1.0);
        assertThat(out.getLong(1)).isEqualTo(0x400L << 52 | 1);
    }

    @Test
    void rightBitWidthZeroAndMaximum() {
        Node zero = node(AlpRdEncoding.ID, meta(0, new long[] {0x1234}, PType.U16, null),
                primitive(PType.U16, new byte[2], null), primitive(PType.U32, new byte[4], null));
        assertThat(((PrimitiveArray) SegmentBuilder.decode(zero, F32, 1)).getLong(0)).isEqualTo(0x1234);
        Node max = node(AlpRdEncoding.ID, meta(63, new long[] {1}, PType.U16, null),
                primitive(PType.U16, new byte[2], null), primitive(PType.U64, le(new long[] {5}, 8), null));
        assertThat(((PrimitiveArray) SegmentBuilder.decode(max, F64, 1)).getLong(0)).isEqualTo(Long.MIN_VALUE | 5);
    }

    // ---- golden

    static List<GoldenCase> golden() {
        return GoldenCase.load("alprd");
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

    static void assertGolden(GoldenCase c, Canonical out) {
        assertThat(out.length()).isEqualTo(c.rows());
        c.assertBits(out, 0);
    }

    /** The same columns written by the Rust file writer, read through the file reader. */
    @Test
    void goldenRustFiles() {
        GoldenFiles.Report report = GoldenFiles.check("alprd", golden(), (c, rows, first) -> c.assertBits(rows, first));
        assertThat(report.columnsUsing(AlpRdEncoding.ID)).as("columns the Rust writer stored with %s: %s", AlpRdEncoding.ID,
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

    private static Node simple(byte[] meta, Node... extra) {
        List<Node> kids = new ArrayList<>(List.of(primitive(PType.U16, new byte[2], null),
                primitive(PType.U64, new byte[8], null)));
        kids.addAll(List.of(extra));
        return node(AlpRdEncoding.ID, meta, kids.toArray(Node[]::new));
    }

    @Test
    void rejectsBadDTypes() {
        assertCorrupt(simple(meta(52, new long[] {1}, PType.U16, null)), new DType.Primitive(PType.U64, false), 1,
                "holds f32 or f64");
        assertCorrupt(simple(meta(52, new long[] {1}, PType.U16, null)), new DType.Utf8(false), 1, "cannot hold");
    }

    @Test
    void rejectsBadMetadata() {
        assertCorrupt(simple(meta(64, new long[] {1}, PType.U16, null)), F64, 1, "must be below 64");
        Node f32 = node(AlpRdEncoding.ID, meta(32, new long[] {1}, PType.U16, null),
                primitive(PType.U16, new byte[2], null), primitive(PType.U32, new byte[4], null));
        assertCorrupt(f32, F32, 1, "must be below 32");
        byte[] shortDict = Proto.message().varint(1, 52).varint(2, 3).packed(3, 1, 2).varint(4, 1).build();
        assertCorrupt(simple(shortDict), F64, 1, "exceeds the 2 dictionary entries");
        assertCorrupt(simple(meta(52, new long[] {0x10000}, PType.U16, null)), F64, 1, "does not fit 16 bits");
        assertCorrupt(simple(meta(52, new long[] {1}, PType.I16, null)), F64, 1, "must be an unsigned integer");
        assertCorrupt(simple(meta(52, new long[] {1}, PType.F32, null)), F64, 1, "must be an unsigned integer");
        assertCorrupt(simple(Proto.message().varint(2, 1L << 20).build()), F64, 1, "exceeds 65536");
        assertCorrupt(simple(Proto.message().varint(4, 11).build()), F64, 1, "unknown ptype");
        assertCorrupt(simple(new byte[] {0x1a, 0x05, 0x01}), F64, 1, "exceeds the message");
    }

    @Test
    void rejectsCodeOutsideTheDictionaryAtAValidUnpatchedRow() {
        Node n = node(AlpRdEncoding.ID, meta(52, new long[] {1, 2}, PType.U16, null),
                primitive(PType.U16, le(new long[] {0, 1, 2}, 2), null), primitive(PType.U64, new byte[24], null));
        assertCorrupt(n, F64, 3, "left-part code 2 at row 2 outside the 2-entry dictionary");
        Node u64 = node(AlpRdEncoding.ID, meta(52, new long[] {1}, PType.U64, null),
                primitive(PType.U64, le(new long[] {-1}, 8), null), primitive(PType.U64, new byte[8], null));
        assertCorrupt(u64, F64, 1, "outside the 1-entry dictionary");
        Node empty = node(AlpRdEncoding.ID, meta(52, new long[0], PType.U16, null),
                primitive(PType.U16, new byte[2], null), primitive(PType.U64, new byte[8], null));
        assertCorrupt(empty, F64, 1, "outside the 0-entry dictionary");
    }

    @Test
    void rejectsWrongChildAndBufferCounts() {
        byte[] m = meta(52, new long[] {1}, PType.U16, null);
        assertCorrupt(node(AlpRdEncoding.ID, m, primitive(PType.U16, new byte[2], null)), F64, 1,
                "has 1 children, expected 2");
        assertCorrupt(simple(m, primitive(PType.U8, new byte[1], null)), F64, 1, "has 3 children, expected 2");
        byte[] withPatches = meta(52, new long[] {1}, PType.U16, Proto.message().varint(1, 1));
        assertCorrupt(simple(withPatches), F64, 1, "has 2 children, expected 4");
        Node withBuffer = new Node(AlpRdEncoding.ID, m, List.of(new byte[1]),
                List.of(primitive(PType.U16, new byte[2], null), primitive(PType.U64, new byte[8], null)));
        assertCorrupt(withBuffer, F64, 1, "has 1 buffers, expected 0");
    }

    @Test
    void rejectsBadPatches() {
        byte[] two = meta(52, new long[] {1}, PType.U16, Proto.message().varint(1, 2));
        assertCorrupt(simple(two, primitive(PType.U8, new byte[] {0, 0}, null), primitive(PType.U16, new byte[4], null)),
                F64, 1, "2 patches, expected at most the array length 1");
        byte[] one = meta(52, new long[] {1}, PType.U16, Proto.message().varint(1, 1));
        assertCorrupt(simple(one, primitive(PType.U8, new byte[] {1}, null), primitive(PType.U16, new byte[2], null)),
                F64, 1, "outside 0..1");
        assertCorrupt(simple(one, primitive(PType.U8, new byte[] {0}, null), primitive(PType.U16, new byte[4], null)),
                F64, 1, "expected 2");
    }

    @Test
    void rejectsChildrenOfTheWrongLength() {
        Node n = node(AlpRdEncoding.ID, meta(52, new long[] {1}, PType.U16, null),
                primitive(PType.U16, new byte[2], null), primitive(PType.U64, new byte[16], null));
        assertCorrupt(n, F64, 1, "expected 8");
    }
}
