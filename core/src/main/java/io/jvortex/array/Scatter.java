package io.jvortex.array;

import io.jvortex.error.VortexException;
import io.jvortex.dtype.DType;
import io.jvortex.scalar.Scalar;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Overlays values at positions of a base array, for any dtype:
 * {@code out[positions[k]] = values[k]} (value and validity), every other row from the base.
 *
 * <p>Positions must be strictly increasing and inside the base; this is checked once per call.
 * Primitives, bools, decimals and strings are patched directly; other types go through
 * {@link Concat} + {@link Take}.
 */
public final class Scatter {
    private static final ValueLayout.OfInt I = ValueLayout.JAVA_INT_UNALIGNED;

    private Scatter() {
    }

    /**
     * Patches a copy of {@code base}; {@code base} itself is not modified.
     *
     * @param base the base rows
     * @param positions strictly increasing row positions in {@code [0, base.length())}
     * @param values one value per position, of the base's dtype (or its non-nullable version)
     * @param alloc where to allocate
     * @return the patched array, of the base's dtype and length
     * @throws VortexException when positions are out of order or range
     */
    public static Canonical patch(Canonical base, int[] positions, Canonical values, Allocator alloc) {
        check(base.dtype(), base.length(), positions, values);
        if (positions.length == 0) {
            return base;
        }
        if (values instanceof OpaqueArray || base instanceof OpaqueArray) {
            return new OpaqueArray(opaqueId(base, values), base.dtype(), base.length());
        }
        return switch (base) {
            case PrimitiveArray p -> {
                MemorySegment out = copy(p.values(), alloc);
                patchFixed(out, p.ptype().byteWidth(), positions, ((PrimitiveArray) values).values());
                yield new PrimitiveArray(p.dtype(), out, p.length(), patchValidity(base, positions, values, alloc));
            }
            case BoolArray b -> {
                MemorySegment bits = BitBuffers.allocate(b.length(), alloc);
                BitBuffers.copy(b.bits(), b.bitOffset(), bits, 0, b.length());
                patchBits(bits, positions, (BoolArray) values);
                yield new BoolArray(b.dtype(), bits, 0, b.length(), patchValidity(base, positions, values, alloc));
            }
            default -> patchGeneric(base, positions, values, alloc);
        };
    }

    /**
     * Builds a constant array and patches it: the decoding of {@code vortex.sparse}. Fixed-width
     * types are patched in the freshly expanded buffer without a second copy.
     *
     * @param fill the value of unpatched rows (may be null for nullable dtypes)
     * @param length rows
     * @param positions strictly increasing row positions in {@code [0, length)}
     * @param values one value per position, of the fill's dtype (or its non-nullable version)
     * @param alloc where to allocate
     * @return the array
     * @throws VortexException when positions are out of order or range
     */
    public static Canonical fillAndPatch(Scalar fill, int length, int[] positions, Canonical values, Allocator alloc) {
        check(fill.dtype(), length, positions, values);
        if (values instanceof OpaqueArray o && positions.length > 0) {
            return new OpaqueArray(o.encodingId(), fill.dtype(), length);
        }
        Canonical base = Constant.expand(fill, length, alloc);
        if (positions.length == 0) {
            return base;
        }
        return switch (base) {
            case PrimitiveArray p -> {
                patchFixed(p.values(), p.ptype().byteWidth(), positions, ((PrimitiveArray) values).values());
                yield new PrimitiveArray(p.dtype(), p.values(), length, patchValidity(base, positions, values, alloc));
            }
            case BoolArray b -> {
                patchBits(b.bits(), positions, (BoolArray) values);
                yield new BoolArray(b.dtype(), b.bits(), 0, length, patchValidity(base, positions, values, alloc));
            }
            default -> patchGeneric(base, positions, values, alloc);
        };
    }

    private static String opaqueId(Canonical base, Canonical values) {
        return base instanceof OpaqueArray o ? o.encodingId() : ((OpaqueArray) values).encodingId();
    }

    private static void check(DType dtype, int length, int[] positions, Canonical values) {
        if (!Concat.fits(dtype, values.dtype())) {
            throw new IllegalArgumentException("cannot patch " + dtype.display() + " with " + values.dtype().display());
        }
        if (values.length() != positions.length) {
            throw new IllegalArgumentException(values.length() + " patch values for " + positions.length
                    + " positions");
        }
        int prev = -1;
        for (int k = 0; k < positions.length; k++) {
            int p = positions[k];
            if (p <= prev || p >= length) {
                throw new VortexException("patch position " + p + " at patch " + k
                        + (p >= length ? " is outside 0.." + length : " does not increase"));
            }
            prev = p;
        }
    }

    private static MemorySegment copy(MemorySegment src, Allocator alloc) {
        MemorySegment out = alloc.allocate(src.byteSize());
        MemorySegment.copy(src, 0, out, 0, src.byteSize());
        return out;
    }

    private static void patchFixed(MemorySegment out, int width, int[] positions, MemorySegment src) {
        switch (width) {
            case 1 -> {
                for (int k = 0; k < positions.length; k++) {
                    out.set(ValueLayout.JAVA_BYTE, positions[k], src.get(ValueLayout.JAVA_BYTE, k));
                }
            }
            case 2 -> {
                for (int k = 0; k < positions.length; k++) {
                    out.set(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * positions[k],
                            src.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * k));
                }
            }
            case 4 -> {
                for (int k = 0; k < positions.length; k++) {
                    out.set(I, 4L * positions[k], src.get(I, 4L * k));
                }
            }
            case 8 -> {
                for (int k = 0; k < positions.length; k++) {
                    out.set(ValueLayout.JAVA_LONG_UNALIGNED, 8L * positions[k],
                            src.get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * k));
                }
            }
            default -> {
                for (int k = 0; k < positions.length; k++) {
                    MemorySegment.copy(src, (long) k * width, out, (long) positions[k] * width, width);
                }
            }
        }
    }

    private static void patchBits(MemorySegment bits, int[] positions, BoolArray values) {
        for (int k = 0; k < positions.length; k++) {
            Validity.Bits.set(bits, positions[k], values.value(k));
        }
    }

    private static Validity patchValidity(Canonical base, int[] positions, Canonical values, Allocator alloc) {
        if (!base.dtype().nullable()) {
            return Validity.ALL_VALID;
        }
        Validity bv = base.validity();
        Validity vv = values.validity();
        if (bv instanceof Validity.AllValid && vv instanceof Validity.AllValid) {
            return bv;
        }
        int length = base.length();
        MemorySegment bits = BitBuffers.allocate(length, alloc);
        Validities.copyTo(bv, length, bits, 0);
        for (int k = 0; k < positions.length; k++) {
            Validity.Bits.set(bits, positions[k], vv.isValid(k));
        }
        return new Validity.Bitmap(bits, 0);
    }

    private static Canonical patchGeneric(Canonical base, int[] positions, Canonical values, Allocator alloc) {
        if (base instanceof DecimalArray d && values instanceof DecimalArray v
                && d.valueByteWidth() == v.valueByteWidth()) {
            MemorySegment out = copy(d.values(), alloc);
            patchFixed(out, d.valueByteWidth(), positions, v.values());
            return new DecimalArray(d.dtype(), d.valueByteWidth(), out, d.length(),
                    patchValidity(base, positions, values, alloc));
        }
        if ((base instanceof VarBinViewArray || base instanceof VarBinArray)
                && (values instanceof VarBinViewArray || values instanceof VarBinArray)) {
            return patchStrings(base, positions, values, alloc);
        }
        // Any other type: out = concat(base, values) gathered by an index that points patched rows
        // at the appended values.
        int length = base.length();
        Canonical both = Concat.concat(base.dtype(), List.of(base, values), alloc);
        MemorySegment idx = alloc.allocate(4L * length);
        for (int i = 0; i < length; i++) {
            idx.set(I, 4L * i, i);
        }
        for (int k = 0; k < positions.length; k++) {
            idx.set(I, 4L * positions[k], length + k);
        }
        return Take.take(both, new PrimitiveArray(Canonicals.i32(), idx, length, Validity.ALL_VALID), alloc);
    }

    private static VarBinViewArray patchStrings(Canonical base, int[] positions, Canonical values, Allocator alloc) {
        VarBinViewArray b = base instanceof VarBinArray vb ? Canonicals.toViews(vb, alloc) : (VarBinViewArray) base;
        VarBinViewArray v = values instanceof VarBinArray vb ? Canonicals.toViews(vb, alloc) : (VarBinViewArray) values;
        MemorySegment views = copy(b.views(), alloc);
        int bufferBase = b.dataBuffers().size();
        List<MemorySegment> buffers = new ArrayList<>(b.dataBuffers());
        buffers.addAll(v.dataBuffers());
        MemorySegment src = v.views();
        for (int k = 0; k < positions.length; k++) {
            long to = 16L * positions[k];
            MemorySegment.copy(src, 16L * k, views, to, 16);
            if (views.get(I, to) > VarBinViewArray.MAX_INLINE) {
                views.set(I, to + 8, views.get(I, to + 8) + bufferBase);
            }
        }
        return new VarBinViewArray(b.dtype(), views, buffers, b.length(), patchValidity(base, positions, values, alloc));
    }
}
