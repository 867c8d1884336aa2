package io.jvortex.array;

import java.lang.foreign.MemorySegment;

/** Operations on validity: intersection and replacing an array's validity. */
public final class Validities {
    private Validities() {
    }

    /**
     * @param a one validity
     * @param b another
     * @param length rows
     * @param allocator where a combined bitmap goes
     * @return rows valid in both
     */
    public static Validity and(Validity a, Validity b, int length, Allocator allocator) {
        return switch (a) {
            case Validity.AllValid v -> b;
            case Validity.AllInvalid v -> a;
            case Validity.Bitmap ba -> switch (b) {
                case Validity.AllValid v -> a;
                case Validity.AllInvalid v -> b;
                case Validity.Bitmap bb -> {
                    MemorySegment out = allocator.allocate((length + 7L) / 8);
                    for (int i = 0; i < length; i++) {
                        if (ba.isValid(i) && bb.isValid(i)) {
                            Validity.Bits.set(out, i, true);
                        }
                    }
                    yield new Validity.Bitmap(out, 0);
                }
            };
        };
    }

    /**
     * @param array an array
     * @param validity the validity it should have (same length)
     * @param nullable the nullability of the result's dtype (must be true unless all rows are valid)
     * @return the array with that validity and nullability (extension arrays pass both to their storage)
     */
    public static Canonical withValidity(Canonical array, Validity validity, boolean nullable) {
        return switch (array) {
            case NullArray n -> n;
            case BoolArray b -> new BoolArray((io.jvortex.dtype.DType.Bool) b.dtype().withNullable(nullable), b.bits(),
                    b.bitOffset(), b.length(), validity);
            case PrimitiveArray p -> new PrimitiveArray((io.jvortex.dtype.DType.Primitive) p.dtype().withNullable(nullable),
                    p.values(), p.length(), validity);
            case DecimalArray d -> new DecimalArray((io.jvortex.dtype.DType.Decimal) d.dtype().withNullable(nullable),
                    d.valueByteWidth(), d.values(), d.length(), validity);
            case VarBinArray v -> new VarBinArray(v.dtype().withNullable(nullable), v.offsets(), v.bytes(), v.length(),
                    validity);
            case VarBinViewArray v -> new VarBinViewArray(v.dtype().withNullable(nullable), v.views(), v.dataBuffers(),
                    v.length(), validity);
            case StructArray s -> new StructArray((io.jvortex.dtype.DType.Struct) s.dtype().withNullable(nullable),
                    s.fields(), s.length(), validity);
            case ListArray l -> new ListArray((io.jvortex.dtype.DType.List) l.dtype().withNullable(nullable),
                    l.elements(), l.offsets(), l.length(), validity);
            case ListViewArray l -> new ListViewArray((io.jvortex.dtype.DType.List) l.dtype().withNullable(nullable),
                    l.elements(), l.offsets(), l.sizes(), l.length(), validity);
            case FixedSizeListArray f -> new FixedSizeListArray(
                    (io.jvortex.dtype.DType.FixedSizeList) f.dtype().withNullable(nullable), f.elements(), f.length(),
                    validity);
            case ExtensionArray e -> new ExtensionArray((io.jvortex.dtype.DType.Extension) e.dtype().withNullable(nullable),
                    withValidity(e.storage(), validity, nullable));
            case OpaqueArray o -> new OpaqueArray(o.encodingId(), o.dtype().withNullable(nullable), o.length());
        };
    }
}
