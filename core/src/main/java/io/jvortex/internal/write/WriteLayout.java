package io.jvortex.internal.write;

import io.jvortex.internal.flatbuffers.FbBuilder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The layout tree being written. Layouts store no dtypes: the reader derives every child's dtype
 * from the file schema. Closed set.
 */
public sealed interface WriteLayout {
    /** Flat layout id. */
    String FLAT = "vortex.flat";
    /** Chunked layout id. */
    String CHUNKED = "vortex.chunked";
    /** Struct layout id. */
    String STRUCT = "vortex.struct";
    /** Dictionary layout id. */
    String DICT = "vortex.dict";
    /** List layout id. */
    String LIST = "vortex.list";

    /** @return the rows this layout represents */
    long rowCount();

    /**
     * One serialized array in one segment.
     *
     * @param rowCount the array length
     * @param segmentId its segment
     */
    record Flat(long rowCount, int segmentId) implements WriteLayout {
    }

    /**
     * Row-wise concatenation; children have the parent's dtype.
     *
     * @param rowCount the sum of the children's row counts
     * @param children the chunks
     */
    record Chunked(long rowCount, List<WriteLayout> children) implements WriteLayout {
        /** Checks the row counts. */
        public Chunked {
            children = List.copyOf(children);
            long sum = 0;
            for (WriteLayout c : children) {
                sum += c.rowCount();
            }
            if (sum != rowCount) {
                throw new IllegalArgumentException("chunks hold " + sum + " rows, expected " + rowCount);
            }
        }
    }

    /**
     * Columns of a struct: the validity layout first when the struct is nullable, then one child per
     * field.
     *
     * @param rowCount rows of every child
     * @param children the children
     */
    record Struct(long rowCount, List<WriteLayout> children) implements WriteLayout {
        /** Checks the row counts. */
        public Struct {
            children = List.copyOf(children);
            for (WriteLayout c : children) {
                if (c.rowCount() != rowCount) {
                    throw new IllegalArgumentException("struct child of " + c.rowCount() + " rows, expected " + rowCount);
                }
            }
        }
    }

    /**
     * A column with zone maps: the data, then the zone table (one row per zone).
     *
     * @param encodingId {@code vortex.zoned} or the legacy {@code vortex.stats}
     * @param rowCount the data's row count
     * @param metadata the zone-map metadata (zone length and statistics)
     * @param data the column's data layout
     * @param zones the zone table's layout
     */
    record Zoned(String encodingId, long rowCount, byte[] metadata, WriteLayout data, WriteLayout zones)
            implements WriteLayout {
        /** Checks the row count. */
        public Zoned {
            if (data.rowCount() != rowCount) {
                throw new IllegalArgumentException("zoned data of " + data.rowCount() + " rows, expected " + rowCount);
            }
        }
    }

    /**
     * A dictionary shared by many chunks: the values (dictionary) first, then the codes.
     *
     * @param rowCount the codes' row count
     * @param metadata the {@code DictLayoutMetadata} bytes
     * @param values the dictionary values' layout
     * @param codes the codes' layout
     */
    record Dict(long rowCount, byte[] metadata, WriteLayout values, WriteLayout codes) implements WriteLayout {
        /** Checks the row count. */
        public Dict {
            if (codes.rowCount() != rowCount) {
                throw new IllegalArgumentException("dict codes of " + codes.rowCount() + " rows, expected " + rowCount);
            }
        }
    }

    /**
     * A list column shredded: its elements (their own tree), {@code rowCount + 1} offsets into them, then
     * the validity when the list is nullable.
     *
     * @param rowCount the lists
     * @param metadata the {@code ListLayoutMetadata} bytes (the offsets' ptype)
     * @param elements the elements' layout
     * @param offsets the offsets' layout
     * @param validity the validity's layout, or {@code null} for a non-nullable list
     */
    record ListLayout(long rowCount, byte[] metadata, WriteLayout elements, WriteLayout offsets, WriteLayout validity)
            implements WriteLayout {
        /** Checks the row counts. */
        public ListLayout {
            if (offsets.rowCount() != rowCount + 1) {
                throw new IllegalArgumentException("list offsets of " + offsets.rowCount() + " rows, expected "
                        + (rowCount + 1));
            }
            if (validity != null && validity.rowCount() != rowCount) {
                throw new IllegalArgumentException("list validity of " + validity.rowCount() + " rows, expected "
                        + rowCount);
            }
        }
    }

    /**
     * A serialized layout tree.
     *
     * @param blob the {@code Layout} flatbuffer
     * @param layoutIds the layout-id table ({@code Footer.layout_specs}) its encodings index
     */
    record Serialized(byte[] blob, List<String> layoutIds) {
    }

    /**
     * Serializes a tree: children before their parent, and layout ids interned in that (post-)order,
     * as the reference does; {@code metadata}, {@code children} and {@code segments} only when
     * non-empty.
     *
     * @param root the root layout
     * @return the blob and the id table
     */
    static Serialized serialize(WriteLayout root) {
        FbBuilder fb = new FbBuilder();
        List<String> ids = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        int table = write(fb, root, ids, index, 0);
        return new Serialized(fb.finish(table), List.copyOf(ids));
    }

    private static int write(FbBuilder fb, WriteLayout layout, List<String> ids, Map<String, Integer> index,
                             int depth) {
        if (depth > 64) {
            throw new IllegalArgumentException("layout tree deeper than 64");
        }
        List<WriteLayout> children = switch (layout) {
            case Flat f -> List.of();
            case Chunked c -> c.children();
            case Struct s -> s.children();
            case Zoned z -> List.of(z.data(), z.zones());
            case Dict d -> List.of(d.values(), d.codes());
            case ListLayout l -> l.validity() == null ? List.of(l.elements(), l.offsets())
                    : List.of(l.elements(), l.offsets(), l.validity());
        };
        int[] childTables = new int[children.size()];
        for (int i = 0; i < childTables.length; i++) {
            childTables[i] = write(fb, children.get(i), ids, index, depth + 1);
        }
        String id = switch (layout) {
            case Flat f -> FLAT;
            case Chunked c -> CHUNKED;
            case Struct s -> STRUCT;
            case Zoned z -> z.encodingId();
            case Dict d -> DICT;
            case ListLayout l -> LIST;
        };
        byte[] metadata = switch (layout) {
            case Zoned z -> z.metadata();
            case Dict d -> d.metadata();
            case ListLayout l -> l.metadata();
            default -> new byte[0];
        };
        int metadataVector = metadata.length == 0 ? 0 : fb.createByteVector(metadata);
        int encoding = index.computeIfAbsent(id, k -> {
            ids.add(k);
            return ids.size() - 1;
        });
        int childVector = childTables.length == 0 ? 0 : fb.createOffsetVector(childTables);
        int segments = layout instanceof Flat f ? fb.createU32Vector(new long[] {f.segmentId()}) : 0;
        fb.startTable(5);
        fb.addShort(0, encoding, 0);
        fb.addLong(1, layout.rowCount(), 0);
        if (metadataVector != 0) {
            fb.addOffset(2, metadataVector);
        }
        if (childVector != 0) {
            fb.addOffset(3, childVector);
        }
        if (segments != 0) {
            fb.addOffset(4, segments);
        }
        return fb.endTable();
    }
}
