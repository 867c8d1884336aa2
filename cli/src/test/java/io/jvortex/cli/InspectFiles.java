package io.jvortex.cli;

import io.jvortex.api.Batch;
import io.jvortex.api.VortexWriter;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Files the inspect tests run on: the Rust-written samples, the core golden files and a few made here. */
final class InspectFiles {
    /** Column names that must be escaped (markup, quotes, ampersands) or are not ASCII. */
    static final List<String> TRICKY_NAMES = List.of("<script>alert(1)</script>", "a&b \"q\" 'x'",
            "</td></tr></table><img src=x onerror=alert(2)>", "prix € / 名前", "plain");
    /** Rows of {@link #tricky}: three zones of the default 8192 rows. */
    static final int TRICKY_ROWS = 20_000;

    private InspectFiles() {
    }

    /** @return the cli samples (Rust-written, see their README) and the core golden files, sorted */
    static List<Path> all() {
        List<Path> out = new ArrayList<>();
        out.addAll(list(Path.of(JvxTest.sample("primitives.vortex")).getParent()));
        out.addAll(list(Path.of("..", "core", "src", "test", "resources", "golden")));
        out.add(Path.of("..", "examples", "lineitem.vortex"));
        return out;
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".vortex")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes a file whose column names need escaping, with nulls, strings and zone maps.
     *
     * @param path where
     * @return the path
     */
    static Path tricky(Path path) {
        DType.Struct schema = new DType.Struct(TRICKY_NAMES, List.of(new DType.Primitive(PType.I64, true),
                new DType.Utf8(true), new DType.Primitive(PType.F64, false), new DType.Utf8(false),
                new DType.Primitive(PType.I32, false)), false);
        long[] a = new long[TRICKY_ROWS];
        boolean[] aNull = new boolean[TRICKY_ROWS];
        String[] b = new String[TRICKY_ROWS];
        double[] c = new double[TRICKY_ROWS];
        String[] d = new String[TRICKY_ROWS];
        int[] e = new int[TRICKY_ROWS];
        for (int i = 0; i < TRICKY_ROWS; i++) {
            a[i] = (long) i * i;
            aNull[i] = i % 7 == 0 && i < 16_384; // the third zone has no nulls
            b[i] = i % 5 == 0 ? null : "<b>" + (i % 100) + "</b>";
            c[i] = Math.sin(i);
            d[i] = "zone-" + (i / 8192) + "-ü";
            e[i] = 7;
        }
        try (VortexWriter writer = VortexWriter.create(path, schema)) {
            writer.write(Batch.builder(schema).longs(TRICKY_NAMES.get(0), a, aNull).strings(TRICKY_NAMES.get(1), b)
                    .doubles(TRICKY_NAMES.get(2), c).strings(TRICKY_NAMES.get(3), d).ints(TRICKY_NAMES.get(4), e)
                    .build());
        }
        return path;
    }

    /**
     * Copies a file with the first occurrence of {@code id} (an encoding or layout id in the footer)
     * renamed to an id of the same length no reader knows.
     *
     * @param from the file
     * @param id the id to rename
     * @param to where the copy goes
     * @return the copy
     */
    static Path renamed(Path from, String id, Path to) throws IOException {
        byte[] bytes = Files.readAllBytes(from);
        byte[] needle = id.getBytes(StandardCharsets.US_ASCII);
        for (int at = 0; at + needle.length <= bytes.length; at++) {
            if (java.util.Arrays.equals(bytes, at, at + needle.length, needle, 0, needle.length)) {
                bytes[at + needle.length - 1] = 'Q';
                return Files.write(to, bytes);
            }
        }
        throw new AssertionError(id + " not in " + from);
    }
}
