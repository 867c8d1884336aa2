package io.jvortex.spark;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.io.ByteArrayOutputStream;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Lists the Vortex files of a table through Hadoop file systems: files, directories (recursively, hidden
 * names such as {@code _temporary} and {@code .x} skipped) and globs, with Hive-style {@code key=value}
 * directories below a root discovered as partition columns, their types inferred like Parquet's
 * (int, then long, double, date, else string; {@code __HIVE_DEFAULT_PARTITION__} is null).
 */
final class VortexFiles {
    /** The directory name Hive and Spark use for a null partition value. */
    static final String DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__";

    private VortexFiles() {
    }

    /**
     * One data file: where, how big, its partition values (as strings, in partition-column order) and
     * the hosts holding its first block.
     *
     * @param path the qualified path
     * @param size bytes
     * @param partitionValues raw values of the partition directories ({@code null} for the default one)
     * @param hosts hosts of the first block (may be empty)
     */
    record FileEntry(String path, long size, List<String> partitionValues, String[] hosts) implements Serializable {
    }

    /**
     * The listing of a table.
     *
     * @param files the files, sorted by path
     * @param partitionNames the partition columns, outermost first
     */
    record Listing(List<FileEntry> files, List<String> partitionNames) {
    }

    /**
     * Lists the files below some paths.
     *
     * @param paths files, directories or globs
     * @param conf the Hadoop configuration
     * @return the listing
     * @throws IllegalArgumentException when a path matches nothing, or partition directories disagree
     */
    static Listing list(List<String> paths, Configuration conf) {
        return list(paths, conf, false);
    }

    /**
     * Lists the files below some paths.
     *
     * @param paths files, directories or globs
     * @param conf the Hadoop configuration
     * @param missingIsEmpty whether a path that matches nothing holds no files (a catalog table's new
     *     location) rather than being an error
     * @return the listing
     * @throws IllegalArgumentException when a path matches nothing (unless allowed), or partition
     *     directories disagree
     */
    static Listing list(List<String> paths, Configuration conf, boolean missingIsEmpty) {
        List<FileEntry> files = new ArrayList<>();
        List<String> partitionNames = null;
        String partitionSample = null;
        try {
            for (String p : paths) {
                Path path = new Path(p);
                FileSystem fs = path.getFileSystem(conf);
                FileStatus[] matches = fs.globStatus(path);
                if ((matches == null || matches.length == 0) && missingIsEmpty) {
                    continue;
                }
                if (matches == null || matches.length == 0) {
                    throw new IllegalArgumentException("no Vortex data at " + p + ": the path does not exist");
                }
                for (FileStatus match : matches) {
                    Path root = match.isDirectory() ? match.getPath() : match.getPath().getParent();
                    List<LocatedFileStatus> found = new ArrayList<>();
                    if (match.isDirectory()) {
                        collect(fs, match.getPath(), found);
                    } else {
                        found.add(locate(fs, match));
                    }
                    for (LocatedFileStatus f : found) {
                        List<String[]> parts = partitionsBetween(root, f.getPath().getParent());
                        List<String> names = parts.stream().map(kv -> kv[0]).toList();
                        if (partitionNames == null) {
                            partitionNames = names;
                            partitionSample = f.getPath().toString();
                        } else if (!partitionNames.equals(names)) {
                            throw new IllegalArgumentException("conflicting partition directories: "
                                    + partitionSample + " has " + partitionNames + " but " + f.getPath() + " has "
                                    + names);
                        }
                        BlockLocation[] blocks = f.getBlockLocations();
                        String[] hosts = blocks != null && blocks.length > 0 ? blocks[0].getHosts() : new String[0];
                        files.add(new FileEntry(f.getPath().toString(), f.getLen(),
                                parts.stream().map(kv -> kv[1]).toList(), hosts == null ? new String[0] : hosts));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + paths + ": " + e.getMessage(), e);
        }
        files.sort(Comparator.comparing(FileEntry::path));
        return new Listing(files, partitionNames == null ? List.of() : partitionNames);
    }

    private static LocatedFileStatus locate(FileSystem fs, FileStatus status) throws IOException {
        if (status instanceof LocatedFileStatus located) {
            return located;
        }
        return new LocatedFileStatus(status, fs.getFileBlockLocations(status, 0, Math.min(status.getLen(), 1)));
    }

    private static void collect(FileSystem fs, Path dir, List<LocatedFileStatus> out) throws IOException {
        RemoteIterator<LocatedFileStatus> it = fs.listLocatedStatus(dir);
        while (it.hasNext()) {
            LocatedFileStatus s = it.next();
            if (hidden(s.getPath().getName())) {
                continue;
            }
            if (s.isDirectory()) {
                collect(fs, s.getPath(), out);
            } else {
                out.add(s);
            }
        }
    }

    /** Names Spark and Hadoop skip: {@code _temporary}, {@code _SUCCESS}, {@code .crc} files, dot files. */
    static boolean hidden(String name) {
        return (name.startsWith("_") && !name.contains("=")) || name.startsWith(".") || name.endsWith(".crc");
    }

    private static List<String[]> partitionsBetween(Path root, Path dir) {
        List<String[]> parts = new ArrayList<>();
        String rootString = Path.getPathWithoutSchemeAndAuthority(root).toString();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Path.getPathWithoutSchemeAndAuthority(d).toString().equals(rootString)) {
                break;
            }
            String name = d.getName();
            int eq = name.indexOf('=');
            if (eq <= 0) {
                parts.clear(); // a plain directory between partition directories: partitions start below it
                continue;
            }
            String value = unescape(name.substring(eq + 1));
            parts.addFirst(new String[] {unescape(name.substring(0, eq)), value.equals(DEFAULT_PARTITION) ? null : value});
        }
        return parts;
    }

    /**
     * Undoes the {@code %XX} escaping of partition directory names.
     *
     * @param s an escaped name
     * @return the raw text
     */
    static String unescape(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' && i + 2 < s.length()) {
                try {
                    out.write(Integer.parseInt(s.substring(i + 1, i + 3), 16));
                    i += 2;
                    continue;
                } catch (NumberFormatException e) {
                    // not an escape: keep the percent sign
                }
            }
            out.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /**
     * Escapes a partition value for a directory name the way Hive and Spark do: control characters, DEL
     * and {@code "#%'*}{@code /:=?\{[]^} become {@code %XX}; every other character, non-ASCII ones
     * included, stays as it is (so Spark's own formats and other readers of the layout see the same
     * names; {@link #unescape} still reads UTF-8 escapes of non-ASCII characters).
     *
     * @param s the raw value
     * @return the escaped name part
     */
    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7F || "\"#%'*/:=?\\{[]^".indexOf(c) >= 0) {
                b.append('%').append(String.format(Locale.ROOT, "%02X", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * Infers the types of the partition columns from their values, as Parquet's discovery does.
     *
     * @param listing the listing
     * @param userSchema a schema the user gave (its types win for the columns it names), or null
     * @return the partition columns as Spark fields
     */
    static StructType partitionSchema(Listing listing, StructType userSchema) {
        List<StructField> fields = new ArrayList<>();
        for (int c = 0; c < listing.partitionNames().size(); c++) {
            String name = listing.partitionNames().get(c);
            DataType given = null;
            if (userSchema != null) {
                for (StructField f : userSchema.fields()) {
                    if (f.name().equalsIgnoreCase(name)) {
                        given = f.dataType();
                    }
                }
            }
            int column = c;
            DataType type = given != null ? given : infer(listing.files().stream()
                    .map(f -> f.partitionValues().get(column)).toList());
            fields.add(new StructField(name, type, true, Metadata.empty()));
        }
        return new StructType(fields.toArray(StructField[]::new));
    }

    private static DataType infer(List<String> values) {
        DataType[] order = {DataTypes.IntegerType, DataTypes.LongType, DataTypes.DoubleType, DataTypes.DateType};
        int best = 0;
        for (String v : values) {
            if (v == null) {
                continue;
            }
            while (best < order.length && !fits(v, order[best])) {
                best++;
            }
        }
        return best < order.length ? order[best] : DataTypes.StringType;
    }

    private static boolean fits(String v, DataType t) {
        try {
            convert(v, t);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /**
     * A partition value in Spark's internal form for a type.
     *
     * @param v the raw text, or null
     * @param t the column's type
     * @return the value ({@code Integer}, {@code Long}, {@code Double}, days as {@code Integer},
     *     {@link UTF8String}), or null
     */
    static Object convert(String v, DataType t) {
        if (v == null) {
            return null;
        }
        if (t.equals(DataTypes.IntegerType)) {
            return Integer.parseInt(v);
        } else if (t.equals(DataTypes.LongType)) {
            return Long.parseLong(v);
        } else if (t.equals(DataTypes.ShortType)) {
            return Short.parseShort(v);
        } else if (t.equals(DataTypes.ByteType)) {
            return Byte.parseByte(v);
        } else if (t.equals(DataTypes.DoubleType)) {
            if (!v.matches("[-+]?[0-9.eE+-]+|NaN|[-+]?Infinity")) {
                throw new NumberFormatException(v);
            }
            return Double.parseDouble(v);
        } else if (t.equals(DataTypes.FloatType)) {
            return Float.parseFloat(v);
        } else if (t.equals(DataTypes.BooleanType)) {
            if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
                throw new IllegalArgumentException(v);
            }
            return Boolean.parseBoolean(v);
        } else if (t.equals(DataTypes.DateType)) {
            try {
                if (!v.matches("[0-9]{4}-[0-9]{2}-[0-9]{2}")) {
                    throw new IllegalArgumentException(v);
                }
                return (int) LocalDate.parse(v).toEpochDay();
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(v, e);
            }
        } else if (t.equals(DataTypes.StringType)) {
            return UTF8String.fromString(v);
        } else if (t instanceof org.apache.spark.sql.types.DecimalType d) {
            return org.apache.spark.sql.types.Decimal.apply(new java.math.BigDecimal(v), d.precision(), d.scale());
        }
        throw new UnsupportedOperationException("partition columns of type " + t.simpleString()
                + " are not supported");
    }

    /**
     * The files whose partition values make a predicate on partition columns true.
     *
     * @param files the files
     * @param predicate a predicate that references partition columns only
     * @param partitionSchema the partition columns
     * @return the files kept, in order
     * @throws Predicates.NotEvaluable when the predicate cannot be evaluated on partition values
     * @throws ClassCastException when a literal's type does not match the partition value's
     */
    static List<FileEntry> matching(List<FileEntry> files,
            org.apache.spark.sql.connector.expressions.filter.Predicate predicate, StructType partitionSchema) {
        List<FileEntry> out = new ArrayList<>();
        for (FileEntry f : files) {
            if (Boolean.TRUE.equals(Predicates.eval(predicate, valuesByName(f, partitionSchema)))) {
                out.add(f);
            }
        }
        return out;
    }

    /**
     * The partition values of a file by column name (what {@link Predicates#eval} takes).
     *
     * @param file the file
     * @param partitionSchema the partition columns
     * @return the values in Spark's internal form
     */
    static java.util.Map<String, Object> valuesByName(FileEntry file, StructType partitionSchema) {
        Object[] values = values(file, partitionSchema);
        java.util.Map<String, Object> out = new java.util.HashMap<>();
        for (int i = 0; i < values.length; i++) {
            out.put(partitionSchema.fields()[i].name(), values[i]);
        }
        return out;
    }

    /**
     * The partition values of a file in Spark's internal form.
     *
     * @param file the file
     * @param partitionSchema the partition columns
     * @return one value per column
     */
    static Object[] values(FileEntry file, StructType partitionSchema) {
        Object[] out = new Object[partitionSchema.fields().length];
        for (int i = 0; i < out.length; i++) {
            String raw = file.partitionValues().get(i);
            try {
                out[i] = convert(raw, partitionSchema.fields()[i].dataType());
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("partition value '" + raw + "' of " + file.path()
                        + " is not a " + partitionSchema.fields()[i].dataType().simpleString(), e);
            }
        }
        return out;
    }
}
