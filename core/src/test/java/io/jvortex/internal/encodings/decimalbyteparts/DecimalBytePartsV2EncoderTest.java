package io.jvortex.internal.encodings.decimalbyteparts;

import static io.jvortex.internal.encodings.decimalbyteparts.DecimalBytePartsEncoderTest.decimals;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Edition;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.internal.registry.BuiltinSchemes;
import io.jvortex.internal.compress.Compressor;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.encodings.alp.EncodedNodes;
import io.jvortex.internal.encodings.alp.EncodedNodes.NullShape;
import io.jvortex.internal.write.ArrayIds;
import io.jvortex.internal.write.ArraySerializer;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@link DecimalBytePartsEncoder#split} and the v2 mode of {@link DecimalBytePartsScheme}: decimals wider than
 * {@code i64} round-trip exactly through {@link DecimalBytePartsV2Encoding}, and only where the edition permits
 * the v2 id.
 */
class DecimalBytePartsV2EncoderTest {
    private static final Compressor UNSTABLE = new Compressor(BuiltinSchemes.defaults(),
            Edition.UNSTABLE2026_10_0::allowsArray);
    private static final Compressor CORE = new Compressor(BuiltinSchemes.defaults(), Edition.DEFAULT::allowsArray);

    /** {precision, scale, width, digits}: i128 storage beyond i64, i256 storage within i128, and beyond. */
    private static final int[][] WIDE = {{38, 3, 16, 38}, {38, 0, 16, 20}, {76, 2, 32, 38}, {76, -4, 32, 76},
        {50, 5, 32, 45}};

    /** Serializes a node tree and decodes all of it and a take of every third row twice. */
    private static void assertDecodes(WriteNode node, DecimalArray expected, String what) {
        ArrayIds ids = new ArrayIds(List.of());
        ArraySerializer.Segment segment = ArraySerializer.serialize(node, ids);
        Arena arena = Arena.ofAuto();
        MemorySegment seg = arena.allocate(Math.max(1, segment.byteLength()), segment.alignment())
                .asSlice(0, segment.byteLength());
        MemorySegment.copy(MemorySegment.ofArray(segment.toByteArray()), 0, seg, 0, segment.byteLength());
        SerializedArray parsed = SerializedArray.parse(seg, 0, ids.ids(), "test", "root");
        int n = expected.length();
        Canonical decoded = new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 31)
                .decode(parsed.root(), expected.dtype(), n);
        List<Object> want = TestSupport.rows(expected);
        assertThat(TestSupport.rows(decoded)).as(what).isEqualTo(want);
        int[] positions = IntStream.range(0, 2 * ((n + 2) / 3)).map(p -> 3 * (p / 2)).toArray();
        Canonical taken = new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 31)
                .take(parsed.root(), expected.dtype(), n, positions);
        for (int p = 0; p < positions.length; p++) {
            assertThat(TestSupport.row(taken, p)).as("%s taken row %d", what, positions[p]).isEqualTo(want.get(positions[p]));
        }
    }

    @Test
    void everyWidthLengthAndNullPatternRoundTrips() {
        SplittableRandom r = TestSupport.random("DecimalBytePartsV2EncoderTest.every");
        for (int[] c : WIDE) {
            for (int length : EncodedNodes.LENGTHS) {
                for (NullShape nulls : NullShape.values()) {
                    DecimalArray array = decimals(r, c[0], c[1], c[2], c[3], length, EncodedNodes.validity(r, length, nulls));
                    String what = "decimal(" + c[0] + "," + c[1] + ") width " + c[2] + " × " + length + " " + nulls;
                    WriteNode node = DecimalBytePartsEncoder.encodeCanonicalV2(array);
                    assertThat(node.encodingId()).isEqualTo(DecimalBytePartsV2Encoding.ID);
                    assertDecodes(node, array, what + " canonical parts");
                    if (length > 0 && nulls != NullShape.ALL) {
                        WriteNode compressed = UNSTABLE.compress(array);
                        assertDecodes(compressed, array, what + " compressed");
                    }
                }
            }
        }
    }

    @Test
    void wideValuesOfEachKindSplitIntoTheRightParts() {
        long[] i128 = {Long.MIN_VALUE + 5, Long.MIN_VALUE, -1, Long.MAX_VALUE, 0, 0, 123, 1, -1, -1};
        DecimalArray a = new DecimalArray(new DType.Decimal(38, 0, false), 16, MemorySegment.ofArray(i128.clone()), 5,
                Validity.ALL_VALID);
        DecimalBytePartsEncoder.Parts parts = DecimalBytePartsEncoder.split(a);
        assertThat(parts.msp().ptype()).isEqualTo(PType.I64);
        assertThat(IntStream.range(0, 5).mapToLong(parts.msp()::getLong).toArray())
                .containsExactly(Long.MIN_VALUE, Long.MAX_VALUE, 0, 1, -1);
        assertThat(parts.lowerParts()).hasSize(1);
        assertThat(parts.lowerParts().get(0).ptype()).isEqualTo(PType.U64);
        assertThat(IntStream.range(0, 5).mapToLong(parts.lowerParts().get(0)::getLong).toArray())
                .containsExactly(Long.MIN_VALUE + 5, -1, 0, 123, -1);
        // 0.91 writes DecimalBytePartsV2Metadata{msp_ptype: I64, lower_part_ptypes: [U64]} as 08 07 12 01 03
        WriteNode node = DecimalBytePartsEncoder.encodeCanonicalV2(a);
        assertThat(HexFormat.of().formatHex(node.metadata())).isEqualTo("0807120103");

        // i256 storage whose values fit i128 gets one lower part; a value beyond i128 makes it three
        long[] fits = {7, -1, -1, -1, 5, 0, 0, 0};
        DecimalArray narrow = new DecimalArray(new DType.Decimal(76, 0, false), 32, MemorySegment.ofArray(fits), 2,
                Validity.ALL_VALID);
        parts = DecimalBytePartsEncoder.split(narrow);
        assertThat(parts.lowerParts()).hasSize(1);
        assertThat(parts.lowerParts().get(0).ptype()).as("words 7 and 5 fit u8").isEqualTo(PType.U8);
        assertThat(parts.msp().getLong(0)).isEqualTo(-1);
        long[] beyond = {7, 0, 0x1_0000, 0, 5, 0, -2, -9};
        DecimalArray wide = new DecimalArray(new DType.Decimal(76, 0, false), 32, MemorySegment.ofArray(beyond), 2,
                Validity.ALL_VALID);
        parts = DecimalBytePartsEncoder.split(wide);
        assertThat(parts.lowerParts()).extracting(PrimitiveArray::ptype).containsExactly(PType.U64, PType.U8, PType.U8);
        assertThat(parts.msp().getLong(1)).isEqualTo(-9);
        assertThat(parts.lowerParts().get(0).getLong(1)).isEqualTo(-2);
        assertThat(parts.lowerParts().get(2).getLong(0)).isEqualTo(7);
        assertThat(HexFormat.of().formatHex(DecimalBytePartsEncoder.encodeCanonicalV2(wide).metadata()))
                .isEqualTo("08071203030000");
        // decimals that fit 8 bytes are not split
        assertThat(DecimalBytePartsEncoder.split(new DecimalArray(new DType.Decimal(18, 0, false), 8,
                MemorySegment.ofArray(new long[] {1}), 1, Validity.ALL_VALID))).isNull();
    }

    @Test
    void nullRowsStoreZeroInEveryPartAndDoNotWidenIt() {
        long[] v = {-1, -1, -1, -1, 3, 0, 0, 0, Long.MIN_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
        DecimalArray a = new DecimalArray(new DType.Decimal(76, 0, true), 32, MemorySegment.ofArray(v), 3,
                TestArrays.validity(new boolean[] {true, true, false}));
        DecimalBytePartsEncoder.Parts parts = DecimalBytePartsEncoder.split(a);
        assertThat(parts.lowerParts()).as("the null row's value beyond i128 is ignored").hasSize(1);
        assertThat(parts.lowerParts().get(0).ptype()).isEqualTo(PType.U64);
        assertThat(parts.msp().getLong(2)).isZero();
        assertThat(parts.lowerParts().get(0).getLong(2)).isZero();
        assertThat(parts.msp().validity()).isEqualTo(a.validity());
        assertThat(parts.lowerParts().get(0).dtype().nullable()).isFalse();
    }

    @Test
    void theSchemeWritesV2OnlyWhenTheEditionPermitsIt() {
        SplittableRandom r = TestSupport.random("DecimalBytePartsV2EncoderTest.edition");
        DecimalArray wide = decimals(r, 38, 2, 16, 30, 5000, null);
        WriteNode v2 = UNSTABLE.compress(wide);
        assertThat(v2.encodingId()).isEqualTo(DecimalBytePartsV2Encoding.ID);
        assertThat(v2.children()).hasSize(2);
        assertThat(v2.children().get(0).encodingId()).as("the msp cascades").isNotEqualTo("vortex.primitive");
        assertDecodes(v2, wide, "unstable edition");
        WriteNode core = CORE.compress(wide);
        assertThat(EncodedNodes.ids(core)).doesNotContain(DecimalBytePartsV2Encoding.ID);
        assertThat(core.encodingId()).isEqualTo("vortex.decimal");
        assertThat(NodeBytes.of(core)).isEqualTo(NodeBytes.of(CanonicalEncoder.encode(wide)));
        // narrow decimals stay v1 under both editions (under the unstable one, the msp may still cascade into
        // the v2 FastLanes forms that edition permits)
        DecimalArray narrow = decimals(r, 38, 2, 16, 12, 5000, null);
        assertThat(CORE.compress(narrow).encodingId()).isEqualTo(DecimalBytePartsEncoding.ID);
        WriteNode unstableNarrow = UNSTABLE.compress(narrow);
        assertThat(unstableNarrow.encodingId()).isEqualTo(DecimalBytePartsEncoding.ID);
        assertThat(EncodedNodes.ids(unstableNarrow)).doesNotContain(DecimalBytePartsV2Encoding.ID);
        assertDecodes(unstableNarrow, narrow, "narrow, unstable edition");
    }

    /** A node tree's serialized bytes, for byte-identity checks. */
    private static final class NodeBytes {
        static String of(WriteNode node) {
            return HexFormat.of().formatHex(ArraySerializer.serialize(node, new ArrayIds(List.of())).toByteArray());
        }
    }

    @Test
    void i256ExtremesRoundTrip() {
        BigInteger[] values = {BigInteger.ONE.shiftLeft(255).negate(), BigInteger.ONE.shiftLeft(255).subtract(BigInteger.ONE),
            BigInteger.ZERO, BigInteger.ONE.negate(), BigInteger.ONE.shiftLeft(128), BigInteger.ONE.shiftLeft(127).negate()};
        MemorySegment seg = MemorySegment.ofArray(new byte[values.length * 32]);
        for (int i = 0; i < values.length; i++) {
            byte[] be = values[i].toByteArray();
            for (int b = 0; b < 32; b++) {
                byte x = b < be.length ? be[be.length - 1 - b] : (byte) (values[i].signum() < 0 ? -1 : 0);
                seg.set(java.lang.foreign.ValueLayout.JAVA_BYTE, 32L * i + b, x);
            }
        }
        DecimalArray a = new DecimalArray(new DType.Decimal(76, 0, false), 32, seg, values.length, Validity.ALL_VALID);
        assertThat(TestSupport.rows(a)).containsExactly((Object[]) values);
        assertDecodes(DecimalBytePartsEncoder.encodeCanonicalV2(a), a, "i256 extremes");
        assertDecodes(UNSTABLE.compress(a), a, "i256 extremes compressed");
    }
}
