package io.jvortex.bench;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDate;
import java.util.List;
import java.util.Properties;

/**
 * The peer DuckDB 1.5.5 (JDBC {@code org.duckdb:duckdb_jdbc:1.5.5.1}) with the vortex extension of the
 * PyPI package {@code duckdb-extension-vortex==1.5.5}, loaded offline: how a JVM user reads Vortex
 * today without Vortex's own JNI bindings. Each operation runs {@code SELECT columns FROM
 * read_vortex(file)} and folds the rows through JDBC like every other reader folds its values (no
 * aggregate is pushed into the extension).
 *
 * <p>The extension's path comes from {@code JVORTEX_DUCKDB_EXTENSION} (set by {@code bench/run.sh},
 * which installs the package into the bench venv).
 */
public final class DuckDbReads implements AutoCloseable {
    private final Connection connection;

    /**
     * Opens an in-memory DuckDB and loads the extension.
     *
     * @throws IllegalStateException when the extension is not there or does not load
     */
    public DuckDbReads() {
        String path = System.getenv("JVORTEX_DUCKDB_EXTENSION");
        if (path == null || !Files.isRegularFile(Path.of(path))) {
            throw new IllegalStateException("no DuckDB vortex extension: JVORTEX_DUCKDB_EXTENSION=" + path
                    + " (bench/run.sh installs duckdb-extension-vortex==1.5.5 into bench/.venv and sets it)");
        }
        Properties properties = new Properties();
        properties.setProperty("allow_unsigned_extensions", "true");
        try {
            connection = DriverManager.getConnection("jdbc:duckdb:", properties);
            try (Statement s = connection.createStatement()) {
                s.execute("SET autoinstall_known_extensions = false");
                s.execute("SET autoload_known_extensions = false");
                s.execute("LOAD '" + path.replace("'", "''") + "'");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("DuckDB cannot load " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * Scans columns of a Vortex file.
     *
     * @param file the file
     * @param columns column names; empty for all
     * @return the fold
     */
    public Fold scan(Path file, List<String> columns) {
        String select = columns.isEmpty() ? "*" : String.join(", ", columns.stream().map(c -> '"' + c + '"').toList());
        String sql = "SELECT " + select + " FROM read_vortex('" + file.toString().replace("'", "''") + "')";
        Fold fold = new Fold();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData meta = rs.getMetaData();
            int n = meta.getColumnCount();
            int[] types = new int[n];
            for (int c = 0; c < n; c++) {
                types[c] = meta.getColumnType(c + 1);
            }
            while (rs.next()) {
                for (int c = 0; c < n; c++) {
                    fold(rs, c + 1, types[c], fold);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("DuckDB: " + e.getMessage().lines().findFirst().orElse(""), e);
        }
        return fold;
    }

    private static void fold(ResultSet rs, int column, int type, Fold fold) throws SQLException {
        fold.values++;
        switch (type) {
            case Types.BIGINT, Types.INTEGER, Types.SMALLINT, Types.TINYINT -> {
                long v = rs.getLong(column);
                if (rs.wasNull()) {
                    fold.nulls++;
                } else {
                    fold.longs += v;
                }
            }
            case Types.DOUBLE, Types.FLOAT, Types.REAL -> {
                double v = rs.getDouble(column);
                if (rs.wasNull()) {
                    fold.nulls++;
                } else {
                    fold.doubles += v;
                }
            }
            case Types.DECIMAL, Types.NUMERIC -> {
                BigDecimal v = rs.getBigDecimal(column);
                if (v == null) {
                    fold.nulls++;
                } else {
                    fold.longs += v.unscaledValue().longValueExact();
                }
            }
            case Types.DATE -> {
                LocalDate v = rs.getObject(column, LocalDate.class);
                if (v == null) {
                    fold.nulls++;
                } else {
                    fold.longs += v.toEpochDay();
                }
            }
            case Types.BOOLEAN -> {
                boolean v = rs.getBoolean(column);
                if (rs.wasNull()) {
                    fold.nulls++;
                } else if (v) {
                    fold.longs++;
                }
            }
            default -> {
                String v = rs.getString(column);
                if (v == null) {
                    fold.nulls++;
                } else {
                    fold.longs += v.getBytes(StandardCharsets.UTF_8).length;
                }
            }
        }
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
