package io.jvortex.internal.encodings.bitpacked;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.Golden;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.internal.compress.Primitives;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import io.jvortex.internal.write.ArrayIds;
import io.jvortex.internal.write.ArraySerializer;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The bit-packing writer: every width of every integer type round-trips through our decoder (with
 * patches and nulls, at lengths around the 1024-value chunk), the histogram picks the reference's
 * width, and for the Rust-written golden columns our packed buffer, metadata and patch children are
 * byte-identical to the reference's.
 */
class BitPackedEncoderTest {
    private static final PType[] INTEGERS = {PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16,
                                             PType.I32, PType.I64};

    /** Serializes a node as a flat segment and decodes it again, as a reader would. */
    static Canonical decode(WriteNode node, DType dtype, int length, Arena arena) {
        ArrayIds ids = new ArrayIds(List.of());
        ArraySerializer.Segment segment = ArraySerializer.serialize(node, ids);
        MemorySegment seg = arena.allocate(Math.max(1, segment.byteLength()), segment.alignment())
                .asSlice(0, segment.byteLength());
        MemorySegment.copy(MemorySegment.ofArray(segment.toByteArray()), 0, seg, 0, segment.byteLength());
        SerializedArray parsed = SerializedArray.parse(seg, 0, ids.ids(), "test", "root");
        return new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 30).decode(parsed.root(), dtype,
                length);
    }

    @Test
    void everyWidthOfEveryTypeRoundTrips() {
        SplittableRandom rnd = TestSupport.random("BitPackedEncoderTest.everyWidthOfEveryTypeRoundTrips");
        int[] lengths = {1, 1023, 1024, 1025, 2049};
        try (Arena arena = Arena.ofConfined()) {
            for (PType t : INTEGERS) {
                int bits = t.bitWidth();
                for (int w = 0; w < bits; w++) {
                    int len = lengths[rnd.nextInt(lengths.length)];
                    boolean nullable = rnd.nextBoolean();
                    long[] v = new long[len];
                    long limit = w == 0 ? 0 : -1L >>> (64 - w);
                    for (int i = 0; i < len; i++) {
                        long small = rnd.nextLong() & limit;
                        // a few values wider than w become patches; signed types stay non-negative
                        long wide = rnd.nextLong() & (t.isSigned() ? -1L >>> (65 - bits) : -1L >>> (64 - bits));
                        v[i] = rnd.nextInt(50) == 0 ? wide : small;
                    }
                    if (t.isSigned()) {
                        v[len - 1] = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
                    } else {
                        v[len - 1] = bits == 64 ? -1L : (1L << bits) - 1;
                    }
                    Validity validity = Validity.ALL_VALID;
                    if (nullable) {
                        MemorySegment bitmap = MemorySegment.ofArray(new byte[(len + 7) / 8]);
                        for (int i = 0; i < len; i++) {
                            Validity.Bits.set(bitmap, i, rnd.nextInt(5) != 0);
                        }
                        validity = new Validity.Bitmap(bitmap, 0);
                    }
                    PrimitiveArray array = Primitives.fromLongs(new DType.Primitive(t, nullable), v, len, validity);
                    WriteNode node = BitPackedEncoder.encode(array, w);
                    assertThat(node.buffers().getFirst().data().byteSize())
                            .isEqualTo((len + 1023) / 1024 * 128L * w);
                    Canonical out = decode(node, array.dtype(), len, arena);
                    assertThat(TestSupport.rows(out)).as(t + " width " + w + " len " + len + " nullable " + nullable)
                            .isEqualTo(TestSupport.rows(array));
                }
            }
        }
    }

    @Test
    void histogramPicksTheCheapestWidth() {
        // 1000 values of 3 bits and 10 of 40 bits in i64: 3 bits + 10 exceptions at 12 bytes beats 40 bits
        long[] v = new long[1010];
        for (int i = 0; i < 1000; i++) {
            v[i] = i % 8;
        }
        for (int i = 1000; i < 1010; i++) {
            v[i] = 1L << 39;
        }
        PrimitiveArray p = Primitives.fromLongs(new DType.Primitive(PType.I64, false), v, v.length,
                Validity.ALL_VALID);
        assertThat(BitPackedEncoder.bestBitWidth(PType.I64, BitPackedEncoder.histogram(p))).isEqualTo(3);
        for (int i = 1000; i < 1010; i++) {
            v[i] = 5;
        }
        p = Primitives.fromLongs(new DType.Primitive(PType.I64, false), v, v.length, Validity.ALL_VALID);
        assertThat(BitPackedEncoder.bestBitWidth(PType.I64, BitPackedEncoder.histogram(p))).isEqualTo(3);
        long[] wide = new long[1024];
        java.util.Arrays.fill(wide, 200);
        p = Primitives.fromLongs(new DType.Primitive(PType.U8, false), wide, wide.length, Validity.ALL_VALID);
        assertThat(BitPackedEncoder.bestBitWidth(PType.U8, BitPackedEncoder.histogram(p))).isEqualTo(8);
    }

    /** Our encoder on the values of Rust-written columns gives the very bytes the Rust writer wrote. */
    @Test
    void byteIdenticalToTheReferenceOnGoldenColumns() {
        for (String column : List.of("u8_w3", "i8_w6", "u16_w11", "i16_w13", "u32_w17", "i32_w1", "u64_w50",
                "i64_w40", "i64_patched", "u16_patched", "u64_patched")) {
            byte[] bytes = Golden.resource("bitpacked/bitpacked.vortex");
            try (Arena arena = Arena.ofConfined();
                 VortexFile f = VortexFile.of(TestSupport.segment(arena, bytes), "golden")) {
                Layout.Struct root = (Layout.Struct) f.rootLayout();
                Layout layout = root.fields().get(root.dtype().indexOf(column));
                while (!(layout instanceof Layout.Flat)) {
                    layout = switch (layout) {
                        case Layout.Zoned z -> z.data();
                        case Layout.Chunked c -> {
                            assertThat(c.children()).hasSize(1);
                            yield c.children().getFirst();
                        }
                        default -> throw new AssertionError(layout.encodingId());
                    };
                }
                Layout.Flat flat = (Layout.Flat) layout;
                ArrayNode rust = SerializedArray.parse(f.segment(flat.segmentId()),
                        f.segmentSpec(flat.segmentId()).byteOffset(), f.arrayIds(), f.source(), flat.path()).root();
                assertThat(rust.encodingId()).isEqualTo(BitPackedEncoding.ID);
                DType.Primitive dtype = (DType.Primitive) root.dtype().fields().get(root.dtype().indexOf(column));
                List<Object> rows = Golden.column("bitpacked/bitpacked.vortex", column);
                long[] v = new long[rows.size()];
                for (int i = 0; i < v.length; i++) {
                    v[i] = (Long) rows.get(i);
                }
                PrimitiveArray array = Primitives.fromLongs(dtype, v, v.length, Validity.ALL_VALID);
                int width = BitPackedEncoder.bestBitWidth(dtype.ptype(), BitPackedEncoder.histogram(array));
                WriteNode ours = BitPackedEncoder.encode(array, width);
                assertThat(ours.metadata()).as(column + " metadata").isEqualTo(bytes(rust.metadata()));
                assertThat(bytes(ours.buffers().getFirst().data())).as(column + " packed")
                        .isEqualTo(bytes(rust.buffer(0)));
                assertThat(ours.children()).hasSize(rust.childCount());
                for (int k = 0; k < rust.childCount(); k++) {
                    ArrayNode child = rust.child(k);
                    WriteNode mine = ours.children().get(k);
                    assertThat(mine.encodingId()).as(column + " child " + k).isEqualTo(child.encodingId());
                    assertThat(bytes(mine.buffers().getFirst().data())).as(column + " child " + k)
                            .isEqualTo(bytes(child.buffer(0)));
                }
            }
        }
    }

    private static byte[] bytes(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE);
    }
}
