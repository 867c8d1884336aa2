package io.jvortex.array;

import java.lang.foreign.MemorySegment;
import java.util.List;

/** Operations on {@link Validity} values: concatenation, intersection, materialization. */
public final class Validities {
    private Validities() {
    }

    /**
     * Writes a validity's bits into a bitmap.
     *
     * @param validity the validity
     * @param length rows
     * @param dst destination bitmap
     * @param dstBit first destination bit
     */
    public static void copyTo(Validity validity, int length, MemorySegment dst, long dstBit) {
        switch (validity) {
            case Validity.AllValid a -> BitBuffers.fill(dst, dstBit, length, true);
            case Validity.AllInvalid a -> BitBuffers.fill(dst, dstBit, length, false);
            case Validity.Bitmap b -> BitBuffers.copy(b.bits(), b.bitOffset(), dst, dstBit, length);
        }
    }

    /**
     * Concatenates validities.
     *
     * @param parts the validities, in order
     * @param lengths the row count of each part
     * @param alloc where to allocate a bitmap if one is needed
     * @return the validity of the concatenation
     */
    public static Validity concat(List<Validity> parts, int[] lengths, Allocator alloc) {
        boolean allValid = true;
        boolean allInvalid = true;
        long total = 0;
        for (int i = 0; i < parts.size(); i++) {
            Validity v = parts.get(i);
            if (lengths[i] == 0) {
                continue;
            }
            allValid &= v instanceof Validity.AllValid;
            allInvalid &= v instanceof Validity.AllInvalid;
            total += lengths[i];
        }
        if (allValid) {
            return Validity.ALL_VALID;
        }
        if (allInvalid) {
            return Validity.ALL_INVALID;
        }
        MemorySegment bits = BitBuffers.allocate(total, alloc);
        long at = 0;
        for (int i = 0; i < parts.size(); i++) {
            copyTo(parts.get(i), lengths[i], bits, at);
            at += lengths[i];
        }
        return new Validity.Bitmap(bits, 0);
    }

    /**
     * Intersects two validities: a row is valid when it is valid in both.
     *
     * @param a first validity
     * @param b second validity
     * @param length rows
     * @param alloc where to allocate a bitmap if one is needed
     * @return the intersection
     */
    public static Validity and(Validity a, Validity b, int length, Allocator alloc) {
        if (a instanceof Validity.AllInvalid || b instanceof Validity.AllInvalid) {
            return Validity.ALL_INVALID;
        }
        if (a instanceof Validity.AllValid) {
            return b;
        }
        if (b instanceof Validity.AllValid) {
            return a;
        }
        Validity.Bitmap x = (Validity.Bitmap) a;
        Validity.Bitmap y = (Validity.Bitmap) b;
        return new Validity.Bitmap(BitBuffers.and(x.bits(), x.bitOffset(), y.bits(), y.bitOffset(), length, alloc), 0);
    }
}
