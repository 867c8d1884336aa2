package io.jvortex.internal.scan;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.NullArray;
import io.jvortex.array.OpaqueArray;
import io.jvortex.dtype.DType;
import io.jvortex.internal.layout.Layout;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/** Builds the reader tree for a layout tree. */
final class Readers {
    private Readers() {
    }

    static ColumnReader of(Layout layout) {
        return switch (layout) {
            case Layout.Flat f -> new FlatReader(f);
            case Layout.Chunked c -> new ChunkedReader(c.children().stream().map(Readers::of).toList(), c.rowCount());
            case Layout.Zoned z -> of(z.data());
            case Layout.Struct s -> new StructReader(s.dtype(), s.validity() == null ? null : of(s.validity()),
                    s.fields().stream().map(Readers::of).toList(), s.rowCount());
            case Layout.Dict d -> new DictReader(d, of(d.codes()));
            case Layout.List l -> new ListReader(l, of(l.elements()), of(l.offsets()),
                    l.validity() == null ? null : of(l.validity()));
            case Layout.Unknown u -> new UnknownReader(u);
        };
    }

    /**
     * Reports every flat segment of a layout subtree.
     *
     * @param layout the subtree
     * @param out receives segment ids
     */
    static void allSegments(Layout layout, java.util.function.IntConsumer out) {
        switch (layout) {
            case Layout.Flat f -> out.accept(f.segmentId());
            case Layout.Chunked c -> c.children().forEach(child -> allSegments(child, out));
            case Layout.Zoned z -> allSegments(z.data(), out);
            case Layout.Struct s -> {
                if (s.validity() != null) {
                    allSegments(s.validity(), out);
                }
                s.fields().forEach(child -> allSegments(child, out));
            }
            case Layout.Dict d -> {
                allSegments(d.values(), out);
                allSegments(d.codes(), out);
            }
            case Layout.List l -> {
                allSegments(l.offsets(), out);
                if (l.validity() != null) {
                    allSegments(l.validity(), out);
                }
                allSegments(l.elements(), out);
            }
            case Layout.Unknown u -> {
            }
        }
    }

    /**
     * A reader of only some fields of a struct layout.
     *
     * @param layout the struct layout
     * @param names the fields to keep, in output order
     * @return the reader and its dtype
     */
    static StructReader project(Layout.Struct layout, List<String> names) {
        List<ColumnReader> fields = new ArrayList<>(names.size());
        List<DType> types = new ArrayList<>(names.size());
        for (String n : names) {
            int i = layout.dtype().indexOf(n);
            if (i < 0) {
                throw new IllegalArgumentException("no column named '" + n + "' among " + layout.dtype().fields().size()
                        + " columns");
            }
            fields.add(of(layout.fields().get(i)));
            types.add(layout.dtype().fields().get(i));
        }
        DType.Struct dtype = new DType.Struct(names, types, layout.dtype().nullable());
        return new StructReader(dtype, layout.validity() == null ? null : of(layout.validity()), fields,
                layout.rowCount());
    }

    /** Rows of an unknown layout read as opaque (all null). */
    static final class UnknownReader extends ColumnReader {
        private final Layout.Unknown layout;

        UnknownReader(Layout.Unknown layout) {
            this.layout = layout;
        }

        @Override
        long rowCount() {
            return layout.rowCount();
        }

        @Override
        void boundaries(long base, LongConsumer out) {
        }

        @Override
        Canonical read(long start, int length, ScanState state) {
            if (!state.allowUnknown) {
                throw unknownLayout(layout, state.file.source());
            }
            return layout.dtype() instanceof DType.Null ? new NullArray(length)
                    : new OpaqueArray(layout.encodingId(), layout.dtype(), length);
        }

        @Override
        void release(long row) {
        }
    }

    /**
     * @param layout an unknown layout node
     * @param source the file, for the message
     * @return the error for reading it without {@code allowUnknown}: names the id, the column and the offset
     */
    static VortexException unknownLayout(Layout.Unknown layout, String source) {
        return new VortexException(source, layout.byteOffset(), layout.path(),
                "column '" + columnName(layout.path()) + "' uses layout '" + layout.encodingId()
                        + "', which this reader does not know (a newer writer?); project other columns, or open"
                        + " with ReaderOptions.allowUnknown to read it as null", null);
    }

    /** The column part of a layout path: {@code root.a.b/chunk[3]/zones} → {@code a.b}. */
    static String columnName(String layoutPath) {
        String column = layoutPath.startsWith("root.") ? layoutPath.substring(5)
                : layoutPath.equals("root") ? "<root>" : layoutPath;
        int slash = column.indexOf('/');
        return slash < 0 ? column : column.substring(0, slash);
    }

    static VortexException unsupported(Layout layout, String what) {
        return new VortexException(null, VortexException.NO_OFFSET, layout.path(), what, null);
    }
}
