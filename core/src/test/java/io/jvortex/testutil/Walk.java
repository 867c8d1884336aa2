package io.jvortex.testutil;

import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.NullArray;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;

/** Reads every value of a canonical array (so lazily-invalid data would surface), returning a checksum. */
public final class Walk {
    private Walk() {
    }

    /**
     * @param a an array
     * @return a checksum over every valid value
     */
    public static long checksum(Canonical a) {
        long h = a.length();
        for (int i = 0; i < a.length(); i++) {
            h = h * 31 + (a.isValid(i) ? 1 : 0);
        }
        switch (a) {
            case NullArray n -> {
            }
            case BoolArray b -> {
                for (int i = 0; i < b.length(); i++) {
                    h = h * 31 + (b.value(i) ? 1 : 2);
                }
            }
            case PrimitiveArray p -> {
                for (int i = 0; i < p.length(); i++) {
                    h = h * 31 + p.getLong(i);
                }
            }
            case DecimalArray d -> {
                for (int i = 0; i < d.length(); i++) {
                    h = h * 31 + d.getUnscaled(i).hashCode();
                }
            }
            case VarBinArray v -> {
                for (int i = 0; i < v.length(); i++) {
                    h = h * 31 + java.util.Arrays.hashCode(v.value(i));
                }
            }
            case VarBinViewArray v -> {
                for (int i = 0; i < v.length(); i++) {
                    h = h * 31 + java.util.Arrays.hashCode(v.value(i));
                }
            }
            case StructArray s -> {
                for (Canonical f : s.fields()) {
                    h = h * 31 + checksum(f);
                }
            }
            case ListArray l -> {
                for (int i = 0; i < l.length(); i++) {
                    h = h * 31 + l.start(i) * 7 + l.size(i);
                    if (l.start(i) < 0 || l.size(i) < 0 || l.start(i) + l.size(i) > l.elements().length()) {
                        throw new AssertionError("list " + i + " outside its elements");
                    }
                }
                h = h * 31 + checksum(l.elements());
            }
            case ListViewArray l -> {
                for (int i = 0; i < l.length(); i++) {
                    h = h * 31 + l.start(i) * 7 + l.size(i);
                    if (l.start(i) < 0 || l.size(i) < 0 || l.start(i) + l.size(i) > l.elements().length()) {
                        throw new AssertionError("list view " + i + " outside its elements");
                    }
                }
                h = h * 31 + checksum(l.elements());
            }
            case FixedSizeListArray f -> h = h * 31 + checksum(f.elements());
            case io.jvortex.array.MapArray m -> h = h * 31 + checksum(m.entries());
            case io.jvortex.array.UnionArray u -> {
                h = h * 31 + checksum(u.typeIds());
                for (Canonical c : u.children()) {
                    h = h * 31 + checksum(c);
                }
            }
            case io.jvortex.array.VariantArray v -> {
                h = h * 31 + checksum(v.metadata());
                for (Canonical c : java.util.Arrays.asList(v.value(), v.typedValue(), v.shredded())) {
                    h = h * 31 + (c == null ? 0 : checksum(c));
                }
            }
            case ExtensionArray e -> h = h * 31 + checksum(e.storage());
            case OpaqueArray o -> {
            }
        }
        return h;
    }
}
