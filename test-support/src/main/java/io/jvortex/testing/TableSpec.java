package io.jvortex.testing;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The schema of a table: its columns in order. As schema JSON it is the root type, a non-nullable
 * struct ({@code {"type":"struct","nullable":false,"fields":[…]}}; see {@link TypeSpec}).
 *
 * @param columns the columns, with unique names
 */
public record TableSpec(List<TypeSpec.Field> columns) {

    /** Copies the columns and checks that their names are unique. */
    public TableSpec {
        columns = List.copyOf(columns);
        Set<String> names = new HashSet<>();
        for (TypeSpec.Field column : columns) {
            if (!names.add(column.name())) {
                throw new IllegalArgumentException("duplicate column name \"" + column.name() + "\"");
            }
        }
    }

    /**
     * A table of the given columns.
     *
     * @param columns the columns
     * @return the table spec
     */
    public static TableSpec of(TypeSpec.Field... columns) {
        return new TableSpec(List.of(columns));
    }

    /**
     * The root type: a non-nullable struct of the columns.
     *
     * @return the root struct
     */
    public TypeSpec.Struct rootType() {
        return new TypeSpec.Struct(columns, false);
    }

    /**
     * The schema JSON of the root type.
     *
     * @return the compact JSON text
     */
    public String toJson() {
        return rootType().toJson();
    }

    /**
     * Reads a table spec from schema JSON whose root is a non-nullable struct.
     *
     * @param json the schema JSON
     * @return the table spec
     * @throws IllegalArgumentException when the root is not a non-nullable struct
     */
    public static TableSpec fromJson(String json) {
        Map<String, Object> root = Json.parseObject(json);
        TypeSpec type = TypeSpec.fromJsonValue(root);
        if (!(type instanceof TypeSpec.Struct struct) || struct.nullable()) {
            throw new IllegalArgumentException("the root of a table must be a non-nullable struct, got " + json);
        }
        return new TableSpec(struct.fields());
    }

    /**
     * The column of the given name.
     *
     * @param name the column name
     * @return the column
     * @throws IllegalArgumentException when there is none
     */
    public TypeSpec.Field column(String name) {
        Objects.requireNonNull(name, "name");
        for (TypeSpec.Field column : columns) {
            if (column.name().equals(name)) {
                return column;
            }
        }
        throw new IllegalArgumentException("no column \"" + name + "\"");
    }
}
