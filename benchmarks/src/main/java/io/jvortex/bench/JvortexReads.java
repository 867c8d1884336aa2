package io.jvortex.bench;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.NullArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.expr.Expr;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The jvortex side of every benchmark: public API only ({@link VortexReader}, {@link ScanOptions},
 * {@link Chunk}) and the canonical arrays, folded with one loop per physical form.
 */
public final class JvortexReads {
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;

    private JvortexReads() {
    }

    /**
     * Opens the file, scans the columns (all when empty) and folds every value.
     *
     * @param file opens the Vortex file
     * @param columns projected columns, or none for the whole table
     * @return the fold
     */
    public static Fold scan(Opener file, List<String> columns) {
        Fold fold = new Fold();
        try (VortexReader reader = file.open()) {
            ScanOptions options = columns.isEmpty() ? ScanOptions.all()
                    : ScanOptions.builder().columns(columns).build();
            try (ScanIterator scan = reader.scan(options)) {
                while (scan.hasNext()) {
                    try (Chunk chunk = scan.next()) {
                        fold(chunk.rawArray(), fold);
                    }
                }
            }
        }
        return fold;
    }

    /**
     * Opens the file, reads its schema, scans the projected columns and folds them: the wide-file
     * benchmark.
     *
     * @param file a Vortex file
     * @param columns projected columns
     * @return the fold
     */
    public static Fold openAndProject(Opener file, List<String> columns) {
        Fold fold = new Fold();
        try (VortexReader reader = file.open()) {
            Objects.requireNonNull(reader.schema(), "schema"); // reading the schema is part of the work
            try (ScanIterator scan = reader.scan(ScanOptions.builder().columns(columns).build())) {
                while (scan.hasNext()) {
                    try (Chunk chunk = scan.next()) {
                        fold(chunk.rawArray(), fold);
                    }
                }
            }
        }
        return fold;
    }

    /**
     * A filtered scan: the rows whose {@code column} is at most {@code threshold}, of the projected
     * columns ({@link ScanOptions.Builder#filter}: zone maps prune, the rest is evaluated per chunk).
     *
     * @param file a Vortex file
     * @param columns projected columns
     * @param column the filtered column (integer)
     * @param threshold the largest value kept
     * @return the fold of the kept rows' projected columns
     */
    public static Fold filter(Opener file, List<String> columns, String column, long threshold) {
        Fold fold = new Fold();
        Expr predicate = Expr.col(column).le(Expr.lit(threshold));
        try (VortexReader reader = file.open();
             ScanIterator scan = reader.scan(ScanOptions.builder().columns(columns).filter(predicate).build())) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    fold(chunk.rawArray(), fold);
                }
            }
        }
        return fold;
    }

    /**
     * Take through random access: {@link VortexReader#take} reads only the pieces holding the rows
     * and decodes single positions where the encodings allow.
     *
     * @param file a Vortex file
     * @param columns projected columns
     * @param sortedRows wanted row indexes, ascending
     * @return the fold of the wanted rows
     */
    public static Fold take(Opener file, List<String> columns, long[] sortedRows) {
        Fold fold = new Fold();
        try (VortexReader reader = file.open();
             Chunk chunk = reader.take(sortedRows, columns.toArray(String[]::new))) {
            fold(chunk.rawArray(), fold);
        }
        return fold;
    }

    /**
     * A parallel scan: the file is cut into splits (about eight per thread) that {@code pool}
     * scans concurrently; the per-split folds are added up. Eight rather than four: a thread that
     * finishes early idles for at most one split at the end, and on TPC-H lineitem eight per thread
     * are 524,288-row splits that cut no dictionary-code segment (measured: ~5 % less wall time
     * than four per thread, whose million-row splits left one thread idle for up to 20 ms).
     *
     * @param file a Vortex file
     * @param columns projected columns, or none for the whole table
     * @param pool the threads
     * @param threads how many threads the pool has
     * @return the fold
     */
    public static Fold scanParallel(Path file, List<String> columns, java.util.concurrent.Executor pool, int threads) {
        Fold total = new Fold();
        try (VortexReader reader = VortexReader.open(file)) {
            ScanOptions options = columns.isEmpty() ? ScanOptions.all()
                    : ScanOptions.builder().columns(columns).build();
            long bytes = java.nio.file.Files.size(file);
            List<io.jvortex.api.Split> splits = reader.splits(Math.max(1 << 20, bytes / (8L * threads)));
            for (Fold part : reader.scanSplits(options, splits, pool, scan -> {
                Fold fold = new Fold();
                while (scan.hasNext()) {
                    try (Chunk chunk = scan.next()) {
                        fold(chunk.rawArray(), fold);
                    }
                }
                return fold;
            })) {
                total.longs += part.longs;
                total.doubles += part.doubles;
                total.values += part.values;
                total.nulls += part.nulls;
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return total;
    }

    /**
     * Folds every value of a canonical array (struct fields one after another).
     *
     * @param array decoded values
     * @param fold where to add them
     */
    public static void fold(Canonical array, Fold fold) {
        switch (array) {
            case PrimitiveArray p -> foldPrimitive(p, fold);
            case DecimalArray d -> foldDecimal(d, fold);
            case VarBinViewArray v -> foldVarBinView(v, fold);
            case VarBinArray v -> foldVarBin(v, fold);
            case ExtensionArray e -> fold(e.storage(), fold);
            case StructArray s -> {
                for (Canonical field : s.fields()) {
                    fold(field, fold);
                }
            }
            case BoolArray b -> foldBool(b, fold);
            case NullArray n -> {
                fold.values += n.length();
                fold.nulls += n.length();
            }
            // Nested and opaque forms are not in any benchmarked column. A default instead of one case
            // per form: new canonical forms on main must not break the benchmarks' build.
            default -> throw unsupported(array);
        }
    }

    private static UnsupportedOperationException unsupported(Canonical array) {
        return new UnsupportedOperationException("no benchmark fold for " + array.dtype().display());
    }

    private static void foldPrimitive(PrimitiveArray p, Fold fold) {
        MemorySegment v = p.values();
        int n = p.length();
        Validity validity = p.validity();
        fold.values += n;
        Sums.Kind kind = switch (p.ptype()) {
            case I64, U64 -> Sums.Kind.LONG;
            case I32 -> Sums.Kind.INT;
            case F64 -> Sums.Kind.DOUBLE;
            case F32 -> Sums.Kind.FLOAT;
            default -> null;
        };
        if (!sum(kind, v, n, validity, fold)) {
            // the types no benchmarked column has: value by value
            boolean floating = p.ptype().isFloat();
            for (int i = 0; i < n; i++) {
                if (!validity.isValid(i)) {
                    fold.nulls++;
                } else if (floating) {
                    fold.doubles += p.getDouble(i);
                } else {
                    fold.longs += p.getLong(i);
                }
            }
        }
    }

    /**
     * Sums fixed-width values through the loops every reader shares.
     *
     * @return false when {@code kind} is null or the validity is neither all valid nor a bitmap
     */
    private static boolean sum(Sums.Kind kind, MemorySegment values, int n, Validity validity, Fold fold) {
        if (kind != null && validity instanceof Validity.AllValid) {
            Sums.fold(kind, values, n, null, 0, fold);
            return true;
        }
        if (kind != null && validity instanceof Validity.Bitmap bitmap) {
            Sums.fold(kind, values, n, bitmap.bits(), bitmap.bitOffset(), fold);
            return true;
        }
        return false;
    }

    private static void foldDecimal(DecimalArray d, Fold fold) {
        MemorySegment v = d.values();
        int n = d.length();
        fold.values += n;
        Validity validity = d.validity();
        Sums.Kind kind = switch (d.valueByteWidth()) {
            case 4 -> Sums.Kind.INT;
            case 8 -> Sums.Kind.LONG;
            default -> null;
        };
        if (!sum(kind, v, n, validity, fold)) {
            long sum = 0;
            for (int i = 0; i < n; i++) {
                if (validity.isValid(i)) {
                    sum += d.getUnscaledLong(i);
                } else {
                    fold.nulls++;
                }
            }
            fold.longs += sum;
        }
    }

    private static void foldVarBinView(VarBinViewArray a, Fold fold) {
        MemorySegment views = a.views();
        int n = a.length();
        fold.values += n;
        Validity validity = a.validity();
        long sum = 0;
        if (validity instanceof Validity.AllValid) {
            for (int i = 0; i < n; i++) {
                sum += views.get(INT, 16L * i);
            }
        } else {
            for (int i = 0; i < n; i++) {
                if (validity.isValid(i)) {
                    sum += views.get(INT, 16L * i);
                } else {
                    fold.nulls++;
                }
            }
        }
        fold.longs += sum;
    }

    private static void foldVarBin(VarBinArray a, Fold fold) {
        PrimitiveArray offsets = a.offsets();
        int n = a.length();
        fold.values += n;
        Validity validity = a.validity();
        long sum = 0;
        boolean allValid = validity instanceof Validity.AllValid;
        MemorySegment o = offsets.values();
        switch (offsets.ptype()) {
            case I32, U32 -> {
                for (int i = 0; i < n; i++) {
                    if (allValid || validity.isValid(i)) {
                        sum += o.getAtIndex(INT, i + 1) - o.getAtIndex(INT, i);
                    } else {
                        fold.nulls++;
                    }
                }
            }
            case I64, U64 -> {
                for (int i = 0; i < n; i++) {
                    if (allValid || validity.isValid(i)) {
                        sum += o.getAtIndex(LONG, i + 1) - o.getAtIndex(LONG, i);
                    } else {
                        fold.nulls++;
                    }
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    if (allValid || validity.isValid(i)) {
                        sum += offsets.getLong(i + 1) - offsets.getLong(i);
                    } else {
                        fold.nulls++;
                    }
                }
            }
        }
        fold.longs += sum;
    }

    private static void foldBool(BoolArray b, Fold fold) {
        int n = b.length();
        fold.values += n;
        for (int i = 0; i < n; i++) {
            if (b.isValid(i)) {
                fold.longs += b.value(i) ? 1 : 0;
            } else {
                fold.nulls++;
            }
        }
    }

    /** How a workload opens its reader: a local path (mapped) or a URI (remote). */
    @FunctionalInterface
    public interface Opener {
        /** @return a new reader, closed by the workload */
        VortexReader open();
    }

    /** The scan workload on a local file. */
    public static Fold scan(Path file, List<String> columns) {
        return scan(() -> VortexReader.open(file), columns);
    }

    /** The open-and-project workload on a local file. */
    public static Fold openAndProject(Path file, List<String> columns) {
        return openAndProject(() -> VortexReader.open(file), columns);
    }

    /** The filter workload on a local file. */
    public static Fold filter(Path file, List<String> columns, String column, long threshold) {
        return filter(() -> VortexReader.open(file), columns, column, threshold);
    }

    /** The take workload on a local file. */
    public static Fold take(Path file, List<String> columns, long[] sortedRows) {
        return take(() -> VortexReader.open(file), columns, sortedRows);
    }
}
