package io.jvortex.array;

import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.error.VortexException;
import io.jvortex.api.VortexReader;
import io.jvortex.dtype.DType;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * Reads the Rust-written golden resources made by {@code golden/make_generic_golden.py} and
 * recomputes the values that script wrote (same splitmix64-based formulas).
 */
public final class Golden {
    private Golden() {
    }

    /**
     * @param x a value
     * @return splitmix64 of it
     */
    public static long mix(long x) {
        long z = x + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * @param salt a salt
     * @param i a row
     * @return the hash of the row under the salt ({@code h} in the script)
     */
    public static long h(long salt, long i) {
        return mix(((salt & 0xFFFFFFFFL) << 32) + i);
    }

    /**
     * @param bits random bits
     * @return the raw bits of the finite double the script derives from them ({@code f64})
     */
    public static long f64(long bits) {
        return ((bits >>> 52) & 0x7FF) == 0x7FF ? bits & ~(1L << 62) : bits;
    }

    /**
     * @param x unsigned 64 bits
     * @param m a positive modulus
     * @return {@code x mod m} with {@code x} unsigned
     */
    public static long mod(long x, long m) {
        return Long.remainderUnsigned(x, m);
    }

    /**
     * The script's {@code runs}: run {@code r} has {@code 1 + h(salt, r) % maxRun} rows of
     * {@code palette[h(salt + 1, r) % palette.size()]}.
     *
     * @param salt the salt
     * @param n rows
     * @param palette the values
     * @param maxRun the longest run
     * @return the rows
     */
    public static List<Object> runs(long salt, int n, List<Object> palette, int maxRun) {
        List<Object> out = new ArrayList<>(n);
        for (int r = 0; out.size() < n; r++) {
            long len = 1 + mod(h(salt, r), maxRun);
            Object v = palette.get((int) mod(h(salt + 1, r), palette.size()));
            for (long k = 0; k < len && out.size() < n; k++) {
                out.add(v);
            }
        }
        return out;
    }

    /**
     * @param path a resource path under {@code /golden/}
     * @return its bytes
     */
    public static byte[] resource(String path) {
        try (InputStream in = Golden.class.getResourceAsStream("/golden/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("missing test resource /golden/" + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Scans one column of a golden file to plain values ({@link TestSupport#rows}). Skips the test
     * (JUnit assumption) when the file uses an encoding this build does not have yet.
     *
     * @param file the file under {@code /golden/}
     * @param column the column
     * @return its rows
     */
    public static List<Object> column(String file, String column) {
        byte[] bytes = resource(file);
        List<Object> rows = new ArrayList<>();
        try (Arena arena = Arena.ofConfined();
             VortexReader r = VortexReader.open(TestSupport.segment(arena, bytes), file, ReaderOptions.defaults());
             ScanIterator it = r.scan(ScanOptions.builder().columns(column).build())) {
            while (it.hasNext()) {
                try (Chunk c = it.next()) {
                    rows.addAll(TestSupport.rows(c.rawField(column)));
                }
            }
        } catch (VortexException e) {
            skipIfUnknownEncoding(e);
            if (String.valueOf(e.getMessage()).contains("not readable yet")) {
                // The scan cannot read this layout yet: walk the layout tree and decode its flat segments.
                return columnByLayouts(bytes, file, column);
            }
            throw e;
        }
        return rows;
    }

    /**
     * Reads a column by walking its layout tree and decoding every flat segment directly (zoned:
     * data only; chunked: concatenated; dict: codes resolved against the values).
     */
    private static List<Object> columnByLayouts(byte[] bytes, String file, String column) {
        try (Arena arena = Arena.ofConfined();
             VortexFile f = VortexFile.of(TestSupport.segment(arena, bytes), file)) {
            Layout.Struct root = (Layout.Struct) f.rootLayout();
            int index = root.dtype().indexOf(column);
            return rowsOf(f, root.fields().get(index), arena);
        } catch (VortexException e) {
            skipIfUnknownEncoding(e);
            throw e;
        }
    }

    private static List<Object> rowsOf(VortexFile f, Layout layout, Arena arena) {
        return switch (layout) {
            case Layout.Zoned z -> rowsOf(f, z.data(), arena);
            case Layout.Chunked c -> {
                List<Object> out = new ArrayList<>();
                for (Layout child : c.children()) {
                    out.addAll(rowsOf(f, child, arena));
                }
                yield out;
            }
            case Layout.Dict d -> {
                List<Object> values = rowsOf(f, d.values(), arena);
                List<Object> out = new ArrayList<>();
                for (Object code : rowsOf(f, d.codes(), arena)) {
                    out.add(code == null ? null : values.get((int) (long) (Long) code));
                }
                yield out;
            }
            case Layout.Flat flat -> {
                SerializedArray array = SerializedArray.parse(f.segment(flat.segmentId()),
                        f.segmentSpec(flat.segmentId()).byteOffset(), f.arrayIds(), f.source(), flat.path());
                yield TestSupport.rows(new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 28)
                        .decode(array.root(), flat.dtype(), (int) flat.rowCount()));
            }
            default -> throw new IllegalArgumentException("layout " + layout.encodingId() + " in a golden file");
        };
    }

    private static void skipIfUnknownEncoding(VortexException e) {
        if (String.valueOf(e.getMessage()).contains("unknown array encoding")) {
            Assumptions.abort("needs an encoding not in this build yet: " + e.getMessage());
        }
    }

    /**
     * Decodes a serialized array ({@code name.seg} with its id table {@code name.ids}).
     *
     * @param name the resource path without extension, under {@code /golden/}
     * @param dtype the array's dtype
     * @param length its length
     * @param arena where segment and decoded buffers live
     * @return the decoded array
     */
    public static Canonical segment(String name, DType dtype, int length, Arena arena) {
        List<String> ids = Arrays.stream(new String(resource(name + ".ids"), StandardCharsets.UTF_8).split("\n"))
                .map(String::trim).filter(s -> !s.isEmpty()).toList();
        MemorySegment seg = TestSupport.segment(arena, resource(name + ".seg"));
        try {
            return new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 28)
                    .decode(SerializedArray.parse(seg, 0, ids, name, "root").root(), dtype, length);
        } catch (VortexException e) {
            skipIfUnknownEncoding(e);
            throw e;
        }
    }
}
