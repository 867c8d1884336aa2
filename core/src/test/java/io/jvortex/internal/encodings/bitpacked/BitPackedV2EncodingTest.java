package io.jvortex.internal.encodings.bitpacked;

import static io.jvortex.internal.encodings.bitpacked.FastLanesGolden.le;
import static io.jvortex.internal.encodings.bitpacked.FastLanesGolden.normalize;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestNodes;
import io.jvortex.array.TestNodes.Node;
import io.jvortex.array.TestNodes.Proto;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.internal.compress.Primitives;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.internal.encodings.frameofreference.FrameOfReferenceEncoding;
import io.jvortex.internal.encodings.frameofreference.FrameOfReferenceV2Encoding;
import io.jvortex.spi.WriteNode;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * {@code fastlanes.bitpacked.v2} and {@code fastlanes.for.v2}: hand-built nodes (every integer type,
 * widths 0..T per block, offsets, patches, nulls, boundaries starting above 0 in every unsigned type)
 * against a naive decoder, through decode and take, fused and unfused frames of reference, the writer's
 * blocked packing round-tripping, and corrupt nodes rejected with a located {@link VortexException}.
 */
class BitPackedV2EncodingTest {
    private static final PType[] INTEGERS = {PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16,
                                             PType.I32, PType.I64};
    private final Arena arena = Arena.ofAuto();

    /** A generated node and the rows a naive decoder gives. */
    private record Case(Node node, DType.Primitive dtype, int length, int offset, List<Object> rows) {
    }

    /**
     * Packs each block of {@code physical} at its width (one block at a time with the v1 kernels) and
     * writes the boundaries as {@code base + running byte count} in {@code offsetsType}.
     */
    private static Case build(PType ptype, int offset, int[] widths, long[] physical, int length,
                              TreeMap<Integer, Long> patches, boolean[] validity, PType offsetsType, long base,
                              Node boundsOverride) {
        ByteArrayOutputStream packed = new ByteArrayOutputStream();
        long[] bounds = new long[widths.length + 1];
        bounds[0] = base;
        for (int b = 0; b < widths.length; b++) {
            long mask = widths[b] == 64 ? -1L : (1L << widths[b]) - 1;
            long[] block = Arrays.copyOfRange(physical, b * 1024, b * 1024 + 1024);
            for (int i = 0; i < 1024; i++) {
                block[i] &= mask;
                physical[b * 1024 + i] = block[i];
            }
            byte[] one = BitPackedEncodingTest.pack(ptype, widths[b], block, 1);
            packed.writeBytes(one);
            bounds[b + 1] = bounds[b] + one.length;
        }
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            Long p = patches == null ? null : patches.get(i);
            long v = p != null ? p : physical[offset + i];
            rows.add(validity != null && !validity[i] ? null : normalize(v, ptype));
        }
        Proto md = Proto.message();
        if (offset != 0) {
            md.varint(1, offset);
        }
        md.varint(2, offsetsType.id());
        List<Node> children = new ArrayList<>();
        if (patches != null) {
            long[] idx = patches.keySet().stream().mapToLong(k -> k).toArray();
            long[] vals = patches.values().stream().mapToLong(Long::longValue).toArray();
            md.bytes(3, Proto.message().varint(1, idx.length).varint(3, PType.U32.id()).build());
            children.add(TestNodes.primitive(le(idx, 4)));
            children.add(TestNodes.primitive(le(vals, ptype.byteWidth())));
        }
        if (validity != null) {
            children.add(TestNodes.bools(validity));
        }
        children.add(boundsOverride != null ? boundsOverride
                : TestNodes.primitive(le(bounds, offsetsType.byteWidth())));
        Node node = Node.of(BitPackedV2Encoding.ID, md.build(), List.of(packed.toByteArray()),
                children.toArray(Node[]::new));
        return new Case(node, new DType.Primitive(ptype, validity != null), length, offset, rows);
    }

    private static Case randomCase(SplittableRandom rnd, PType ptype, int length, int offset) {
        int t = ptype.bitWidth();
        int blocks = (offset + length + 1023) / 1024;
        int[] widths = new int[blocks];
        for (int b = 0; b < blocks; b++) {
            widths[b] = switch (rnd.nextInt(4)) {
                case 0 -> 0;
                case 1 -> t;
                default -> rnd.nextInt(t + 1);
            };
        }
        long[] physical = new long[blocks * 1024];
        for (int i = 0; i < physical.length; i++) {
            physical[i] = rnd.nextLong();
        }
        TreeMap<Integer, Long> patches = null;
        if (length > 0 && rnd.nextBoolean()) {
            patches = new TreeMap<>();
            for (int e : new int[] {0, length - 1, 1023 - offset, 1024 - offset}) {
                if (e >= 0 && e < length) {
                    patches.put(e, rnd.nextLong());
                }
            }
            for (int k = rnd.nextInt(1 + length / 50); k > 0; k--) {
                patches.put(rnd.nextInt(length), rnd.nextLong());
            }
        }
        boolean[] validity = null;
        int nulls = rnd.nextInt(4);
        if (nulls > 0) {
            validity = new boolean[length];
            for (int i = 0; i < length; i++) {
                validity[i] = nulls == 1 || (nulls == 2 && rnd.nextInt(3) != 0);
            }
        }
        long total = 0;
        for (int w : widths) {
            total += 128L * w;
        }
        // the boundaries may start above 0; pick the narrowest type that holds the last one, or a wider one
        long base = rnd.nextBoolean() ? 0 : 128L * rnd.nextInt(3);
        PType offsetsType = Primitives.unsignedFor(base + total);
        if (rnd.nextBoolean()) {
            offsetsType = new PType[] {PType.U8, PType.U16, PType.U32, PType.U64}[Math.min(3,
                    offsetsType.ordinal() - PType.U8.ordinal() + rnd.nextInt(2))];
        }
        return build(ptype, offset, widths, physical, length, patches, validity, offsetsType, base, null);
    }

    private Canonical decode(Node node, DType dtype, int length) {
        return TestNodes.decode(node, dtype, length, arena);
    }

    private Canonical take(Node node, DType dtype, int length, int[] indices) {
        return new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 30)
                .take(TestNodes.parse(node, arena), dtype, length, indices);
    }

    private static int[] randomIndices(SplittableRandom rnd, int length) {
        int[] indices = new int[length == 0 ? 0 : rnd.nextInt(Math.min(length, 300) + 1)];
        for (int k = 0; k < indices.length; k++) {
            indices[k] = rnd.nextInt(length);
        }
        Arrays.sort(indices);
        return indices;
    }

    private static List<Object> pick(List<Object> rows, int[] indices) {
        List<Object> out = new ArrayList<>();
        for (int i : indices) {
            out.add(rows.get(i));
        }
        return out;
    }

    @Test
    void everyTypeLengthOffsetWidthPatchesAndNullsDecodeAndTake() {
        SplittableRandom rnd = TestSupport.random("BitPackedV2EncodingTest.everyTypeLengthOffset");
        int cases = 0;
        for (PType ptype : INTEGERS) {
            for (int length : new int[] {0, 1, 1023, 1024, 1025, 3000}) {
                for (int offset : new int[] {0, 1, 1023}) {
                    for (int rep = 0; rep < 3; rep++) {
                        Case c = randomCase(rnd, ptype, length, offset);
                        String what = ptype + " len " + length + " offset " + offset + " rep " + rep;
                        assertThat(TestSupport.rows(decode(c.node(), c.dtype(), length))).as(what)
                                .isEqualTo(c.rows());
                        int[] indices = randomIndices(rnd, length);
                        assertThat(TestSupport.rows(take(c.node(), c.dtype(), length, indices))).as("take " + what)
                                .isEqualTo(pick(c.rows(), indices));
                        cases++;
                    }
                }
            }
        }
        assertThat(cases).isEqualTo(8 * 6 * 3 * 3);
    }

    @Test
    void longArraysDecode() {
        SplittableRandom rnd = TestSupport.random("BitPackedV2EncodingTest.longArraysDecode");
        for (PType ptype : new PType[] {PType.U16, PType.I64}) {
            Case c = randomCase(rnd, ptype, 70_000 + rnd.nextInt(2000), rnd.nextInt(1024));
            assertThat(TestSupport.rows(decode(c.node(), c.dtype(), c.length()))).isEqualTo(c.rows());
        }
    }

    @Test
    void boundariesMayBeEncodedAndZeroWidthBlocksNeedNoBytes() {
        // three zero-width blocks: an empty buffer and four equal boundaries, stored as a constant
        Node constant = TestNodes.constant(TestNodes.Sv.u64(-1L));
        Case zeros = build(PType.U32, 0, new int[] {0, 0, 0}, new long[3072], 3000, null, null, PType.U64, 0, constant);
        assertThat(TestSupport.rows(decode(zeros.node(), zeros.dtype(), 3000))).isEqualTo(zeros.rows());
        // boundaries as fastlanes.for over a primitive (the reference compresses this child)
        long[] physical = new long[2048];
        for (int i = 0; i < physical.length; i++) {
            physical[i] = i * 7919L;
        }
        Node forBounds = Node.of(FrameOfReferenceEncoding.ID, TestNodes.Sv.u64(1000), List.of(),
                TestNodes.primitive(le(new long[] {0, 128 * 3, 128 * 3 + 128 * 24}, 2)));
        Case c = build(PType.U32, 0, new int[] {3, 24}, physical, 2048, null, null, PType.U16, 1000, forBounds);
        assertThat(TestSupport.rows(decode(c.node(), c.dtype(), 2048))).isEqualTo(c.rows());
    }

    // ---- frames of reference

    private static byte[] forV2Metadata(int offset) {
        return offset == 0 ? new byte[0] : Proto.message().varint(1, offset).build();
    }

    private static long[] randomReferences(SplittableRandom rnd, int chunks) {
        long[] refs = new long[chunks];
        for (int k = 0; k < chunks; k++) {
            refs[k] = rnd.nextInt(4) == 0 ? -1L : rnd.nextLong();
        }
        return refs;
    }

    private static List<Object> withReferences(List<Object> rows, PType ptype, int offset, long[] refs) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Object row = rows.get(i);
            out.add(row == null ? null : normalize(((Number) row).longValue() + refs[(offset + i) >>> 10], ptype));
        }
        return out;
    }

    @Test
    void frameOfReferenceV2OverBitPackedFusedAndNot() {
        SplittableRandom rnd = TestSupport.random("BitPackedV2EncodingTest.frameOfReferenceV2");
        for (int iter = 0; iter < 160; iter++) {
            PType ptype = INTEGERS[iter % INTEGERS.length];
            int length = switch (rnd.nextInt(3)) {
                case 0 -> rnd.nextInt(40);
                case 1 -> 1024 * (1 + rnd.nextInt(3));
                default -> rnd.nextInt(5000);
            };
            int offset = rnd.nextBoolean() ? 0 : rnd.nextInt(1024);
            Case c = randomCase(rnd, ptype, length, offset);
            // the FoR offset matches the child's (fused), or differs (decoded, then the references added)
            int forOffset = iter % 3 == 2 ? rnd.nextInt(1024) : offset;
            long[] refs = randomReferences(rnd, (forOffset + length + 1023) >>> 10);
            Node refsNode = TestNodes.primitive(le(refs, ptype.byteWidth()));
            Node forNode = Node.of(FrameOfReferenceV2Encoding.ID, forV2Metadata(forOffset), List.of(), c.node(),
                    refsNode);
            List<Object> expected = withReferences(c.rows(), ptype, forOffset, refs);
            String what = "iteration " + iter + " " + ptype + " len " + length + " offset " + offset + " for "
                    + forOffset;
            assertThat(TestSupport.rows(decode(forNode, c.dtype(), length))).as(what).isEqualTo(expected);
            int[] indices = randomIndices(rnd, length);
            assertThat(TestSupport.rows(take(forNode, c.dtype(), length, indices))).as("take " + what)
                    .isEqualTo(pick(expected, indices));

            // over a plain primitive child
            long[] raw = new long[length];
            List<Object> rawRows = new ArrayList<>();
            for (int i = 0; i < length; i++) {
                raw[i] = rnd.nextLong();
                rawRows.add(normalize(raw[i], ptype));
            }
            Node overPrimitive = Node.of(FrameOfReferenceV2Encoding.ID, forV2Metadata(forOffset), List.of(),
                    TestNodes.primitive(le(raw, ptype.byteWidth())), refsNode);
            DType.Primitive nonNull = new DType.Primitive(ptype, false);
            List<Object> expectedRaw = withReferences(rawRows, ptype, forOffset, refs);
            assertThat(TestSupport.rows(decode(overPrimitive, nonNull, length))).as("primitive " + what)
                    .isEqualTo(expectedRaw);
            assertThat(TestSupport.rows(take(overPrimitive, nonNull, length, indices))).as("primitive take " + what)
                    .isEqualTo(pick(expectedRaw, indices));

            // fastlanes.for (one reference) over bitpacked.v2, fused
            long ref = refs.length > 0 ? refs[0] : rnd.nextLong(); // no chunks, no references: any will do
            int t = ptype.bitWidth();
            long stored = ptype.isSigned() ? (t == 64 ? ref : ref << (64 - t) >> (64 - t))
                    : (t == 64 ? ref : ref & ((1L << t) - 1));
            Node forV1 = Node.of(FrameOfReferenceEncoding.ID,
                    ptype.isSigned() ? TestNodes.Sv.i64(stored) : TestNodes.Sv.u64(stored), List.of(), c.node());
            List<Object> expectedV1 = withReferences(c.rows(), ptype, 0, new long[] {ref, ref, ref, ref, ref, ref});
            assertThat(TestSupport.rows(decode(forV1, c.dtype(), length))).as("for v1 " + what).isEqualTo(expectedV1);
            assertThat(TestSupport.rows(take(forV1, c.dtype(), length, indices))).as("for v1 take " + what)
                    .isEqualTo(pick(expectedV1, indices));
        }
    }

    // ---- the writer's blocked packing

    private Canonical decode(WriteNode node, DType dtype, int length) {
        return BitPackedEncoderTest.decode(node, dtype, length, arena);
    }

    @Test
    void blockedPackingRoundTripsAndPicksV2OnlyForDifferingWidths() {
        SplittableRandom rnd = TestSupport.random("BitPackedV2EncodingTest.blockedPackingRoundTrips");
        for (PType ptype : INTEGERS) {
            int bits = ptype.bitWidth();
            long maxNonNegative = ptype.isSigned() ? -1L >>> (65 - bits) : -1L >>> (64 - bits);
            for (int length : new int[] {1, 1023, 1025, 5000}) {
                long[] v = new long[length];
                for (int i = 0; i < length; i++) {
                    int w = (i / 1024 * 5 + 1) % (bits + 1);
                    v[i] = rnd.nextInt(60) == 0 ? rnd.nextLong() & maxNonNegative
                            : rnd.nextLong() & maxNonNegative & (w == 64 ? -1L : (1L << w) - 1);
                }
                boolean nullable = rnd.nextBoolean();
                Validity validity = Validity.ALL_VALID;
                if (nullable) {
                    MemorySegment bitmap = MemorySegment.ofArray(new byte[(length + 7) / 8]);
                    for (int i = 0; i < length; i++) {
                        Validity.Bits.set(bitmap, i, rnd.nextInt(5) != 0);
                    }
                    validity = new Validity.Bitmap(bitmap, 0);
                }
                PrimitiveArray p = Primitives.fromLongs(new DType.Primitive(ptype, nullable), v, length, validity);
                long[] longs = Primitives.toLongs(p);
                int[] widths = BitPackedEncoder.blockBitWidths(p, longs);
                int[] forced = widths.clone();
                forced[0] = rnd.nextInt(bits + 1); // any width, patches cover the rest
                for (int[] ws : new int[][] {widths, forced}) {
                    WriteNode node = BitPackedEncoder.encodeBlocked(p, longs, ws);
                    assertThat(TestSupport.rows(decode(node, p.dtype(), length)))
                            .as("%s len %d widths %s", ptype, length, Arrays.toString(ws))
                            .isEqualTo(TestSupport.rows(p));
                }
                WriteNode chosen = BitPackingScheme.encodeBlocked(p, longs);
                boolean uniform = Arrays.stream(widths).allMatch(w -> w == widths[0]);
                if (chosen != null) {
                    assertThat(chosen.encodingId()).isEqualTo(uniform ? BitPackedEncoding.ID : BitPackedV2Encoding.ID);
                    assertThat(TestSupport.rows(decode(chosen, p.dtype(), length))).isEqualTo(TestSupport.rows(p));
                } else {
                    assertThat(uniform && widths[0] == bits).as("null only when every block is full width").isTrue();
                }
            }
        }
    }

    @Test
    void blockWidthsCountPaddingAndNullsAsZeroWidth() {
        // 1024 values of 3 bits, then 100 values of 5 bits: the padded last block still chooses 5
        long[] v = new long[1124];
        for (int i = 0; i < v.length; i++) {
            v[i] = i < 1024 ? i % 8 : 16 + i % 16;
        }
        PrimitiveArray p = Primitives.fromLongs(new DType.Primitive(PType.U32, false), v, v.length, Validity.ALL_VALID);
        assertThat(BitPackedEncoder.blockBitWidths(p, v)).containsExactly(3, 5);
    }

    // ---- corrupt nodes

    private void assertCorrupt(Node node, DType dtype, int length, String message) {
        assertThatThrownBy(() -> decode(node, dtype, length))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining(message)
                .hasMessageNotContaining("malformed");
    }

    private static Node v2(byte[] metadata, byte[] packed, Node... children) {
        return Node.of(BitPackedV2Encoding.ID, metadata, List.of(packed), children);
    }

    private static byte[] md(int offset, PType offsetsType) {
        return Proto.message().varint(1, offset).varint(2, offsetsType.id()).build();
    }

    private static Node bounds(long... values) {
        return TestNodes.primitive(le(values, 8));
    }

    @Test
    void corruptBlockBoundariesAreRejected() {
        DType u8 = new DType.Primitive(PType.U8, false);
        byte[] buf = new byte[4096];
        // the reference's own cases: below the first boundary, decreasing, misaligned, past the end, too wide
        assertCorrupt(v2(md(0, PType.U64), buf, bounds(128, 0, 256)), u8, 2048, "outside");
        assertCorrupt(v2(md(0, PType.U64), buf, bounds(0, 256, 128)), u8, 2048, "decrease");
        assertCorrupt(v2(md(0, PType.U64), buf, bounds(0, 1, 129)), u8, 2048, "multiple of 128");
        assertCorrupt(v2(md(0, PType.U64), buf, bounds(0, 128, 255)), u8, 2048, "multiple of 128");
        assertCorrupt(v2(md(0, PType.U64), buf, bounds(0, 128, 4224)), u8, 2048, "outside");
        assertCorrupt(v2(md(0, PType.U64), buf, bounds(0, 0, 1152)), u8, 2048, "exceeds the 8-bit type");
        // boundaries that do not span the buffer, a wrong number of them
        assertCorrupt(v2(md(0, PType.U64), buf, bounds(0, 128, 256)), u8, 2048, "span 256 bytes");
        assertCorrupt(v2(md(0, PType.U64), new byte[256], bounds(0, 128)), u8, 2048, "");
        // a signed or unknown boundaries type
        assertCorrupt(v2(md(0, PType.I64), new byte[256], bounds(0, 128, 256)), u8, 2048, "not an unsigned");
        assertCorrupt(v2(Proto.message().varint(2, 99).build(), new byte[0], bounds(0)), u8, 0, "not an unsigned");
        // offset beyond a block, buffers, children, dtypes
        assertCorrupt(v2(md(1024, PType.U64), new byte[0], bounds(0, 0)), u8, 1, "");
        assertCorrupt(Node.of(BitPackedV2Encoding.ID, md(0, PType.U64), List.of(), bounds(0, 0)), u8, 1, "buffers");
        assertCorrupt(v2(md(0, PType.U64), new byte[0]), u8, 1, "children");
        assertCorrupt(v2(md(0, PType.U64), new byte[0], TestNodes.bools(true), TestNodes.bools(true), bounds(0, 0)),
                new DType.Primitive(PType.U8, true), 1, "children");
        assertCorrupt(v2(md(0, PType.U64), new byte[0], TestNodes.bools(true), bounds(0, 0)), u8, 1, "validity");
        assertCorrupt(v2(md(0, PType.U64), new byte[0], bounds(0, 0)), new DType.Primitive(PType.F32, false), 1,
                "integer");
        // patch children missing
        byte[] patched = Proto.message().varint(2, PType.U64.id())
                .bytes(3, Proto.message().varint(1, 1).varint(3, PType.U8.id()).build()).build();
        assertCorrupt(v2(patched, new byte[0], bounds(0, 0)), u8, 1, "children");
    }

    @Test
    void corruptFrameOfReferenceV2IsRejected() {
        DType u16 = new DType.Primitive(PType.U16, false);
        Node values = TestNodes.primitive(le(new long[] {1, 2, 3}, 2));
        Node refs = TestNodes.primitive(le(new long[] {7}, 2));
        assertCorrupt(Node.of(FrameOfReferenceV2Encoding.ID, new byte[0], List.of(), values), u16, 3, "children");
        assertCorrupt(Node.of(FrameOfReferenceV2Encoding.ID, new byte[0], List.of(new byte[2]), values, refs), u16, 3,
                "buffers");
        assertCorrupt(Node.of(FrameOfReferenceV2Encoding.ID, Proto.message().varint(1, 1024).build(), List.of(),
                values, refs), u16, 3, "exceeds 1023");
        // offset 1022 + 3 rows span two chunks: one reference is too few
        assertCorrupt(Node.of(FrameOfReferenceV2Encoding.ID, Proto.message().varint(1, 1022).build(), List.of(),
                values, refs), u16, 3, "");
        assertCorrupt(Node.of(FrameOfReferenceV2Encoding.ID, new byte[0], List.of(), values, refs),
                new DType.Primitive(PType.F64, false), 3, "integer");
    }
}
