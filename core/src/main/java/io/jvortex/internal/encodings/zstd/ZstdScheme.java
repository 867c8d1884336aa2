package io.jvortex.internal.encodings.zstd;

import io.jvortex.array.Canonical;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.dtype.DType;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.spi.WriteNode;
import io.jvortex.internal.zstd.ZstdCompressor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The compact strategy's Zstandard scheme for strings ({@link #STRING}) and byte strings
 * ({@link #BINARY}), written as the reference writes them: the valid values as {@code u32 LE length}
 * plus bytes, cut into frames of {@value #VALUES_PER_FRAME} values, each frame compressed on its own
 * (no dictionary) with the pure-Java {@link ZstdCompressor}; the validity stays a child as it is.
 * Like the reference it has no cheap estimate: the compressor measures it on the sample.
 */
public final class ZstdScheme implements Scheme {
    /** Values per frame, as the reference compact writer uses. */
    public static final int VALUES_PER_FRAME = 8192;

    /** Zstandard for utf8 arrays. */
    public static final ZstdScheme STRING = new ZstdScheme(SchemeId.STRING_ZSTD, true);
    /** Zstandard for binary arrays. */
    public static final ZstdScheme BINARY = new ZstdScheme(SchemeId.BINARY_ZSTD, false);

    private static final ThreadLocal<ZstdCompressor> COMPRESSOR = ThreadLocal.withInitial(ZstdCompressor::new);
    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(
            java.nio.ByteOrder.LITTLE_ENDIAN);

    private final SchemeId id;
    private final boolean utf8;

    private ZstdScheme(SchemeId id, boolean utf8) {
        this.id = id;
        this.utf8 = utf8;
    }

    @Override
    public SchemeId id() {
        return id;
    }

    @Override
    public String encodingId() {
        return ZstdEncoding.ID;
    }

    @Override
    public boolean accepts(Canonical array) {
        boolean form = array instanceof VarBinArray || array instanceof VarBinViewArray;
        return form && (utf8 ? array.dtype() instanceof DType.Utf8 : array.dtype() instanceof DType.Binary);
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        return encode(array, VALUES_PER_FRAME, COMPRESSOR.get());
    }

    /**
     * Encodes a utf8 or binary array as a {@code vortex.zstd} node without dictionary.
     *
     * @param array a {@link VarBinArray} or {@link VarBinViewArray}
     * @param valuesPerFrame valid values per frame (the last frame may hold fewer)
     * @param compressor the compressor to use
     * @return the node
     */
    public static WriteNode encode(Canonical array, int valuesPerFrame, ZstdCompressor compressor) {
        Objects.requireNonNull(array, "array");
        Objects.requireNonNull(compressor, "compressor");
        if (valuesPerFrame < 1) {
            throw new IllegalArgumentException("valuesPerFrame must be positive, got " + valuesPerFrame);
        }
        if (!(array instanceof VarBinArray) && !(array instanceof VarBinViewArray)) {
            throw new IllegalArgumentException("array must be a VarBinArray or VarBinViewArray, got "
                    + array.getClass().getSimpleName());
        }
        int length = array.length();
        Validity validity = array.validity();
        MemorySegment bits = validity instanceof Validity.Bitmap b ? b.bits() : null;
        long bitOffset = validity instanceof Validity.Bitmap b ? b.bitOffset() : 0;
        boolean none = array.dtype().nullable() && validity instanceof Validity.AllInvalid;

        List<ZstdEncoding.ZstdMetadata.Frame> frames = new ArrayList<>();
        List<WriteNode.Buffer> buffers = new ArrayList<>();
        byte[] frame = new byte[1024];
        int size = 0;
        int inFrame = 0;
        for (int i = 0; i < length && !none; i++) {
            if (bits != null && !Validity.Bits.get(bits, bitOffset + i)) {
                continue;
            }
            MemorySegment value = switch (array) {
                case VarBinArray v -> v.valueSegment(i);
                case VarBinViewArray v -> v.valueSegment(i);
                default -> throw new AssertionError();
            };
            long need = size + 4L + value.byteSize();
            if (need > Integer.MAX_VALUE - 64) {
                throw new IllegalArgumentException("frame of " + inFrame + " values exceeds 2 GiB; use fewer"
                        + " values per frame");
            }
            if (need > frame.length) {
                frame = Arrays.copyOf(frame, (int) Math.min(Integer.MAX_VALUE - 64, Math.max(need, 2L * frame.length)));
            }
            MemorySegment target = MemorySegment.ofArray(frame);
            target.set(LE_INT, size, (int) value.byteSize());
            MemorySegment.copy(value, 0, target, size + 4, value.byteSize());
            size = (int) need;
            if (++inFrame == valuesPerFrame) {
                flushFrame(compressor, frame, size, inFrame, frames, buffers);
                size = 0;
                inFrame = 0;
            }
        }
        if (inFrame > 0) {
            flushFrame(compressor, frame, size, inFrame, frames, buffers);
        }
        byte[] metadata = new ZstdEncoding.ZstdMetadata(0, frames).serialize();
        return WriteNode.of(ZstdEncoding.ID, metadata, buffers,
                CanonicalEncoder.validityChildren(array.dtype(), validity, length));
    }

    private static void flushFrame(ZstdCompressor compressor, byte[] frame, int size, int values,
                                   List<ZstdEncoding.ZstdMetadata.Frame> frames, List<WriteNode.Buffer> buffers) {
        byte[] compressed = compressor.compress(frame, 0, size);
        buffers.add(new WriteNode.Buffer(MemorySegment.ofArray(compressed), 1));
        frames.add(new ZstdEncoding.ZstdMetadata.Frame(size, values));
    }

    @Override
    public String toString() {
        return id.label();
    }
}
