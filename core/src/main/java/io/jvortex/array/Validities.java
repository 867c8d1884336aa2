package io.jvortex.array;

import io.jvortex.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.util.List;

/** Operations on {@link Validity} values: concatenation, intersection, materialization, replacement. */
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

    /**
     * Replaces an array's validity and sets its dtype's nullability.
     *
     * @param array an array
     * @param validity the validity it should have (same length)
     * @param nullable the nullability of the result's dtype (must be true unless all rows are valid)
     * @return the array with that validity and nullability (extension arrays pass both to their storage)
     */
    public static Canonical withValidity(Canonical array, Validity validity, boolean nullable) {
        return switch (array) {
            case NullArray n -> n;
            case BoolArray b -> new BoolArray((DType.Bool) b.dtype().withNullable(nullable), b.bits(),
                    b.bitOffset(), b.length(), validity);
            case PrimitiveArray p -> new PrimitiveArray((DType.Primitive) p.dtype().withNullable(nullable),
                    p.values(), p.length(), validity);
            case DecimalArray d -> new DecimalArray((DType.Decimal) d.dtype().withNullable(nullable),
                    d.valueByteWidth(), d.values(), d.length(), validity);
            case VarBinArray v -> new VarBinArray(v.dtype().withNullable(nullable), v.offsets(), v.bytes(), v.length(),
                    validity);
            case VarBinViewArray v -> new VarBinViewArray(v.dtype().withNullable(nullable), v.views(), v.dataBuffers(),
                    v.length(), validity);
            case StructArray s -> new StructArray((DType.Struct) s.dtype().withNullable(nullable),
                    s.fields(), s.length(), validity);
            case ListArray l -> new ListArray((DType.List) l.dtype().withNullable(nullable),
                    l.elements(), l.offsets(), l.length(), validity);
            case ListViewArray l -> new ListViewArray((DType.List) l.dtype().withNullable(nullable),
                    l.elements(), l.offsets(), l.sizes(), l.length(), validity);
            case FixedSizeListArray f -> new FixedSizeListArray(
                    (DType.FixedSizeList) f.dtype().withNullable(nullable), f.elements(), f.length(),
                    validity);
            case UnionArray u -> new UnionArray((DType.Union) u.dtype().withNullable(nullable),
                    (PrimitiveArray) withValidity(u.typeIds(), validity, nullable), u.children());
            case VariantArray v -> new VariantArray((DType.Variant) v.dtype().withNullable(nullable), v.length(),
                    validity, v.metadata(), v.value(), v.typedValue(), v.shredded());
            case MapArray m -> new MapArray((DType.Map) m.dtype().withNullable(nullable),
                    (ListViewArray) withValidity(m.entries(), validity, nullable));
            case ExtensionArray e -> new ExtensionArray((DType.Extension) e.dtype().withNullable(nullable),
                    withValidity(e.storage(), validity, nullable));
            case OpaqueArray o -> new OpaqueArray(o.encodingId(), o.dtype().withNullable(nullable), o.length());
        };
    }
}
