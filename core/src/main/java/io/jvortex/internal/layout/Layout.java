package io.jvortex.internal.layout;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;

/**
 * A node of a file's layout tree, with the dtype derived for it (layouts do not store dtypes; every
 * layout derives its children's from its own and its metadata). Closed set.
 */
public sealed interface Layout {
    /** @return the layout id as stored in the file */
    String encodingId();

    /** @return the context path, e.g. {@code root.price/chunk[3]} */
    String path();

    /** @return the derived dtype */
    DType dtype();

    /** @return the rows this layout covers */
    long rowCount();

    /** @return the child layouts, in file order */
    java.util.List<Layout> children();

    /**
     * {@code vortex.flat}: one serialized array in one segment.
     *
     * @param path context path
     * @param dtype dtype
     * @param rowCount rows
     * @param segmentId the segment
     */
    record Flat(String path, DType dtype, long rowCount, int segmentId) implements Layout {
        /** The layout id. */
        public static final String ID = "vortex.flat";

        @Override
        public String encodingId() {
            return ID;
        }

        @Override
        public java.util.List<Layout> children() {
            return java.util.List.of();
        }
    }

    /**
     * {@code vortex.chunked}: row-wise concatenation of children with the same dtype.
     *
     * @param path context path
     * @param dtype dtype
     * @param rowCount rows (the children's sum)
     * @param children the chunks
     */
    record Chunked(String path, DType dtype, long rowCount, java.util.List<Layout> children) implements Layout {
        /** The layout id. */
        public static final String ID = "vortex.chunked";

        @Override
        public String encodingId() {
            return ID;
        }
    }

    /**
     * {@code vortex.struct}: one child per field, preceded by a validity child when nullable.
     *
     * @param path context path
     * @param dtype the struct dtype
     * @param rowCount rows
     * @param validity the validity layout (bool), or {@code null} when the struct is not nullable
     * @param fields one layout per field
     */
    record Struct(String path, DType.Struct dtype, long rowCount, Layout validity, java.util.List<Layout> fields)
            implements Layout {
        /** The layout id. */
        public static final String ID = "vortex.struct";

        @Override
        public String encodingId() {
            return ID;
        }

        @Override
        public java.util.List<Layout> children() {
            if (validity == null) {
                return fields;
            }
            var all = new java.util.ArrayList<Layout>(fields.size() + 1);
            all.add(validity);
            all.addAll(fields);
            return java.util.List.copyOf(all);
        }
    }

    /**
     * {@code vortex.zoned} (and legacy {@code vortex.stats}): data plus a table of per-zone statistics.
     *
     * @param path context path
     * @param encodingId {@code vortex.zoned} or {@code vortex.stats}
     * @param dtype dtype
     * @param rowCount rows (the data child's)
     * @param data the data layout
     * @param zones the zone statistics layout, or {@code null} when its schema is unknown
     * @param zoneLength rows per zone (0 = pruning disabled in old files)
     * @param schema the zone table's column meanings
     */
    record Zoned(String path, String encodingId, DType dtype, long rowCount, Layout data, Layout zones,
                 long zoneLength, ZoneSchema schema) implements Layout {
        /** The current layout id. */
        public static final String ID = "vortex.zoned";
        /** The legacy layout id. */
        public static final String LEGACY_ID = "vortex.stats";

        @Override
        public java.util.List<Layout> children() {
            return zones == null ? java.util.List.of(data) : java.util.List.of(data, zones);
        }
    }

    /**
     * {@code vortex.dict}: a dictionary of values shared by a codes column.
     *
     * @param path context path
     * @param dtype dtype
     * @param rowCount rows (the codes')
     * @param values the dictionary values
     * @param codes the codes, {@code Primitive(codesType)}
     * @param codesType unsigned code type
     * @param allValuesReferenced whether every value is used by some code
     */
    record Dict(String path, DType dtype, long rowCount, Layout values, Layout codes, PType codesType,
                boolean allValuesReferenced) implements Layout {
        /** The layout id. */
        public static final String ID = "vortex.dict";

        @Override
        public String encodingId() {
            return ID;
        }

        @Override
        public java.util.List<Layout> children() {
            return java.util.List.of(values, codes);
        }
    }

    /**
     * {@code vortex.list}: a list column shredded into its elements (their own layout tree), the
     * {@code rowCount + 1} offsets into them, and a validity child when the list is nullable.
     *
     * @param path context path
     * @param dtype the list dtype
     * @param rowCount rows (lists)
     * @param elements the elements layout, of the element dtype
     * @param offsets the offsets layout: non-nullable integers of {@code offsetsType}, absolute
     *        positions in {@code elements}, one more row than the list
     * @param validity the validity layout (bool), or {@code null} when the list is not nullable
     * @param offsetsType the offsets' integer type (the writer's is u64)
     */
    record List(String path, DType.List dtype, long rowCount, Layout elements, Layout offsets, Layout validity,
                PType offsetsType) implements Layout {
        /** The layout id. */
        public static final String ID = "vortex.list";

        @Override
        public String encodingId() {
            return ID;
        }

        @Override
        public java.util.List<Layout> children() {
            return validity == null ? java.util.List.of(elements, offsets)
                    : java.util.List.of(elements, offsets, validity);
        }
    }

    /**
     * A layout id this reader does not know, e.g. from a newer writer. The file still opens and the
     * other columns read; scanning this one fails with {@link io.jvortex.error.VortexException} naming the
     * id, the column and {@code byteOffset}, or, with {@code allowUnknown}, reads as opaque (null) rows.
     *
     * @param path context path
     * @param encodingId the unknown id
     * @param dtype dtype
     * @param rowCount rows
     * @param byteOffset absolute file offset of this node's layout table
     * @param childCount how many child layouts the node has (not parsed)
     * @param segmentCount how many segments the node names
     */
    record Unknown(String path, String encodingId, DType dtype, long rowCount, long byteOffset, int childCount,
                   int segmentCount) implements Layout {
        @Override
        public java.util.List<Layout> children() {
            return java.util.List.of();
        }
    }
}
