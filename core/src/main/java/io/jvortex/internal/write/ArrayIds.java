package io.jvortex.internal.write;

import io.jvortex.spi.Encodings;
import io.jvortex.dtype.DType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The file's array-encoding id table ({@code Footer.array_specs}): every {@code ArrayNode.encoding}
 * of every flat segment is an index into it.
 *
 * <p>Segments are written before the footer, so indices must be fixed before the first segment.
 * The table is therefore seeded, sorted by UTF-8 byte order as the reference sorts its seed, with the
 * canonical encodings the columns' dtypes can produce ({@link #forDTypes}); an id outside the seed
 * (e.g. one a compressor picks later) is appended on first use, as the reference does for ids
 * outside its seed.
 */
public final class ArrayIds {
    private final List<String> ids = new ArrayList<>();
    private final Map<String, Integer> index = new HashMap<>();

    /**
     * @param seed ids to place first, in sorted order
     */
    public ArrayIds(java.util.Collection<String> seed) {
        TreeSet<String> sorted = new TreeSet<>(ArrayIds::compareUtf8);
        sorted.addAll(seed);
        for (String id : sorted) {
            intern(id);
        }
    }

    /**
     * @param dtypes the dtypes of the arrays the file's flat segments will hold
     * @return a table seeded with every canonical encoding arrays of those dtypes may be written with
     */
    public static ArrayIds forDTypes(java.util.Collection<? extends DType> dtypes) {
        TreeSet<String> seed = new TreeSet<>();
        dtypes.forEach(d -> collect(d, seed));
        return new ArrayIds(seed);
    }

    private static void collect(DType dtype, java.util.Set<String> out) {
        if (dtype.nullable() && !(dtype instanceof DType.Null)) {
            out.add(Encodings.BOOL); // validity bitmaps
            out.add(Encodings.CONSTANT); // all-invalid validity, all-null chunks
        }
        switch (dtype) {
            case DType.Null n -> out.add(Encodings.NULL);
            case DType.Bool b -> out.add(Encodings.BOOL);
            case DType.Primitive p -> out.add(Encodings.PRIMITIVE);
            case DType.Decimal d -> out.add(Encodings.DECIMAL);
            case DType.Utf8 u -> addStrings(out);
            case DType.Binary b -> addStrings(out);
            case DType.Struct s -> {
                out.add(Encodings.STRUCT);
                s.fields().forEach(f -> collect(f, out));
            }
            case DType.List l -> {
                out.add(Encodings.LIST);
                out.add(Encodings.LIST_VIEW);
                out.add(Encodings.PRIMITIVE);
                collect(l.element(), out);
            }
            case DType.FixedSizeList f -> {
                out.add(Encodings.FIXED_SIZE_LIST);
                collect(f.element(), out);
            }
            case DType.Extension e -> {
                out.add(Encodings.EXT);
                collect(e.storage(), out);
            }
            case DType.Variant v -> { }
            case DType.Union u -> { }
            case DType.Map m -> { }
        }
    }

    private static void addStrings(java.util.Set<String> out) {
        out.add(Encodings.VARBIN);
        out.add(Encodings.VARBINVIEW);
        out.add(Encodings.PRIMITIVE);
    }

    /**
     * @param id an encoding id
     * @return its index, appending it when new
     * @throws IllegalStateException past 65535 ids (the format's u16 indices)
     */
    public int intern(String id) {
        Integer i = index.get(id);
        if (i != null) {
            return i;
        }
        if (ids.size() >= 0xFFFF) {
            throw new IllegalStateException("more than 65535 array encoding ids");
        }
        ids.add(id);
        index.put(id, ids.size() - 1);
        return ids.size() - 1;
    }

    /** @return the ids in index order */
    public List<String> ids() {
        return List.copyOf(ids);
    }

    /** Compares as Rust's {@code str::cmp} does: by UTF-8 bytes, unsigned. */
    static int compareUtf8(String a, String b) {
        return java.util.Arrays.compareUnsigned(a.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                b.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
