package io.jvortex.internal.encodings.alprd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.TestSupport;
import io.jvortex.internal.encodings.alp.EncodedNodes;
import io.jvortex.internal.encodings.alp.EncodedNodes.FloatShape;
import io.jvortex.internal.encodings.alp.EncodedNodes.NullShape;
import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link AlpRdEncoder}: every shape of f32/f64 data decodes bit for bit through {@link AlpRdEncoding}. */
class AlpRdEncoderTest {
    private static void roundTrip(PrimitiveArray array, String what) {
        WriteNode node = AlpRdEncoder.encodeCanonical(array);
        Canonical decoded = EncodedNodes.decode(node, array.dtype(), array.length());
        assertThat(TestSupport.rows(decoded)).as(what).isEqualTo(TestSupport.rows(array));
    }

    @Test
    void everyShapeLengthAndNullPatternRoundTripsBitExactly() {
        SplittableRandom r = TestSupport.random("AlpRdEncoderTest.everyShape");
        for (FloatShape shape : FloatShape.values()) {
            for (int length : EncodedNodes.LENGTHS) {
                for (NullShape nulls : NullShape.values()) {
                    boolean[] valid = EncodedNodes.validity(r, length, nulls);
                    double[] d = EncodedNodes.doubles(r, length, shape);
                    roundTrip(TestArrays.f64(d, valid), "f64 " + shape + " × " + length + ", nulls " + nulls);
                    float[] f = EncodedNodes.floats(r, length, shape);
                    roundTrip(TestArrays.f32(f, valid), "f32 " + shape + " × " + length + ", nulls " + nulls);
                }
            }
        }
    }

    /** The 0.91 file of vortex-format §6.9: {@code float32(i / 3)} for 5000 rows. */
    @Test
    void thirdsInF32MatchTheReferenceSplit() {
        float[] f = new float[5000];
        for (int i = 0; i < f.length; i++) {
            f[i] = (float) (i / 3.0);
        }
        PrimitiveArray array = TestArrays.f32(f, null);
        AlpRdEncoder.Encoded enc = AlpRdEncoder.encode(array);
        assertThat(enc.dictionary().rightBitWidth()).isEqualTo(23);
        assertThat(enc.dictionary().dictionary()).containsExactlyInAnyOrder(137, 136, 135, 134, 133, 132, 131, 130);
        assertThat(enc.patchCount()).isEqualTo(24);
        assertThat(enc.patchPositions()[23]).isLessThan(256);

        WriteNode node = AlpRdEncoder.encodeCanonical(array);
        long[] fields = new long[6];
        List<Long> dict = new ArrayList<>();
        MemorySegment[] patches = new MemorySegment[1];
        ProtoReader meta = new ProtoReader(MemorySegment.ofArray(node.metadata()), "ALPRDMetadata");
        while (meta.next()) {
            switch (meta.field()) {
                case 3 -> meta.packedVarints(dict::add);
                case 5 -> patches[0] = meta.bytes();
                default -> fields[meta.field()] = meta.varint();
            }
        }
        assertThat(fields[1]).isEqualTo(23);
        assertThat(fields[2]).isEqualTo(8);
        assertThat(fields[4]).isEqualTo(1);
        assertThat(dict).hasSize(8);
        // PatchesMetadata{len: 24}: u8 indices (an absent field) and no chunk offsets, as 0.91 writes it.
        assertThat(patches[0].toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)).containsExactly(0x08, 24);
        assertThat(node.children()).hasSize(4);
        roundTrip(array, "thirds");
    }

    @Test
    void noiseNeedsFewBitsOnTheLeft() {
        SplittableRandom r = TestSupport.random("AlpRdEncoderTest.noise");
        double[] d = EncodedNodes.doubles(r, 4096, FloatShape.NOISE);
        AlpRdEncoder.Encoded enc = AlpRdEncoder.encode(TestArrays.f64(d, null));
        assertThat(enc.dictionary().rightBitWidth()).isBetween(48, 63);
        assertThat(enc.patchCount()).isLessThan(d.length / 10);
        for (int i = 0; i < d.length; i++) {
            long bits = Double.doubleToRawLongBits(d[i]);
            assertThat(enc.rightParts().getLong(i)).isEqualTo(bits & ((1L << enc.dictionary().rightBitWidth()) - 1));
        }
    }

    @Test
    void nullRowsStoreZeroAndAreNeverPatched() {
        double[] d = {Double.NaN, 1.5, Double.MAX_VALUE, 1.75};
        boolean[] valid = {true, false, false, true};
        AlpRdEncoder.Encoded enc = AlpRdEncoder.encode(TestArrays.f64(d, valid),
                new AlpRdEncoder.Dictionary(52, new int[] {(int) (Double.doubleToRawLongBits(1.75) >>> 52)}));
        assertThat(enc.patchPositions()).containsExactly(0);
        assertThat(enc.leftCodes().getLong(1)).isZero();
        assertThat(enc.rightParts().getLong(2)).isZero();
        roundTrip(TestArrays.f64(d, valid), "nulls");
    }

    @Test
    void rejectsBadParameters() {
        assertThatThrownBy(() -> AlpRdEncoder.encode(TestArrays.i32(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("f32 or f64");
        assertThatThrownBy(() -> AlpRdEncoder.encode(TestArrays.f32(new float[] {1}, null),
                new AlpRdEncoder.Dictionary(8, new int[] {0}))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AlpRdEncoder.encode(TestArrays.f32(new float[] {1}, null),
                new AlpRdEncoder.Dictionary(20, new int[9]))).isInstanceOf(IllegalArgumentException.class);
    }
}
