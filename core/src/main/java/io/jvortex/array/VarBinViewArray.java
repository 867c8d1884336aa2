package io.jvortex.array;

import io.jvortex.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * Strings or byte strings as Arrow-style 16-byte views: {@code u32 size}, then either the value
 * inline (size ≤ 12) or a 4-byte prefix, {@code u32 bufferIndex} and {@code u32 offset} into one of
 * the data buffers.
 *
 * @param dtype {@link DType.Utf8} or {@link DType.Binary}
 * @param views {@code 16 * length} bytes
 * @param dataBuffers the data buffers views point into
 * @param length rows
 * @param validity which rows are valid
 */
public record VarBinViewArray(DType dtype, MemorySegment views, List<MemorySegment> dataBuffers, int length,
                              Validity validity) implements Canonical {

    /** Largest value stored inline in its view. */
    public static final int MAX_INLINE = 12;

    /** Copies the buffer list and checks the views size. */
    public VarBinViewArray {
        dataBuffers = List.copyOf(dataBuffers);
        if (views.byteSize() != 16L * length) {
            throw new IllegalArgumentException("views of " + views.byteSize() + " bytes for " + length + " rows");
        }
    }

    /**
     * @param i a row
     * @return its length in bytes
     */
    public int valueLength(int i) {
        return views.get(ValueLayout.JAVA_INT_UNALIGNED, 16L * i);
    }

    /**
     * @param i a row
     * @return a zero-copy view of its bytes
     */
    public MemorySegment valueSegment(int i) {
        long v = 16L * i;
        int size = views.get(ValueLayout.JAVA_INT_UNALIGNED, v);
        if (size <= MAX_INLINE) {
            return views.asSlice(v + 4, size);
        }
        int buffer = views.get(ValueLayout.JAVA_INT_UNALIGNED, v + 8);
        int offset = views.get(ValueLayout.JAVA_INT_UNALIGNED, v + 12);
        return dataBuffers.get(buffer).asSlice(Integer.toUnsignedLong(offset), Integer.toUnsignedLong(size));
    }

    /**
     * @param i a row
     * @return a copy of its bytes
     */
    public byte[] value(int i) {
        return valueSegment(i).toArray(ValueLayout.JAVA_BYTE);
    }

    @Override
    public VarBinViewArray slice(int start, int len) {
        Canonical.checkSlice(length, start, len);
        return new VarBinViewArray(dtype, views.asSlice(16L * start, 16L * len), dataBuffers, len,
                validity.slice(start, len));
    }
}
