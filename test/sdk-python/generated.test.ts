import { describe, expect, it } from "vitest";
import { emit, type OpenApiDocument } from "../../sdks/python/codegen.ts";

/** The emitter on a small document of its own: the cases the server's document has today, and $refs it may have tomorrow. */
describe("the Python emitter", () => {
  const widget = {
    type: "object",
    required: ["id", "object", "from", "kind"],
    properties: {
      id: { type: "string" },
      object: { type: "string", enum: ["widget"] },
      from: { type: ["string", "null"], enum: ["a", "b", null] },
      kind: { type: "string", enum: ["x", "y"] },
      note: { type: ["string", "null"] },
      owner: { $ref: "#/components/schemas/Owner" },
    },
  };
  const doc = {
    openapi: "3.1.0",
    components: {
      schemas: {
        Owner: { type: "object", required: ["name"], properties: { name: { type: "string" }, parent: { $ref: "#/components/schemas/Owner" } } },
      },
    },
    paths: {
      "/v1/widgets": {
        get: {
          operationId: "listWidgets",
          parameters: [
            { name: "page", in: "query", schema: { type: "integer" } },
            { name: "amount[gte]", in: "query", schema: { type: "number" } },
            { name: "kind", in: "query", schema: { type: "string" } },
          ],
          responses: {
            "200": {
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      data: { type: "array", items: widget },
                      meta: { type: "object", properties: { total: { type: "integer" }, page: { type: "integer" }, per_page: { type: "integer" } } },
                    },
                  },
                },
              },
            },
          },
        },
        post: {
          operationId: "createWidget",
          requestBody: {
            content: {
              "application/json": {
                schema: { type: "object", required: ["kind"], properties: { kind: { type: "string", enum: ["x", "y"] }, in: { type: "string" } } },
              },
            },
          },
          responses: {
            "201": {
              content: {
                "application/json": { schema: { allOf: [widget, { type: "object", required: ["secret"], properties: { secret: { type: "string" } } }] } },
              },
            },
          },
        },
      },
      "/v1/widgets/{id}/spin": {
        post: { operationId: "spinWidget", parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }], responses: {} },
      },
    },
  } as unknown as OpenApiDocument;
  const files = emit(doc);
  const types = files["python/enginery/types.py"]!;
  const resources = files["python/enginery/_resources.py"]!;

  it("names objects for what they say they are, and richer variants for their extra fields", () => {
    expect(types).toContain("class Widget(_WidgetRequired, _WidgetOptional):");
    expect(types).toContain("class WidgetWithSecret(");
    expect(types).toContain("class Owner(_OwnerRequired, total=False):");
    // A recursive reference ends in Any rather than looping.
    expect(types).toContain("    parent: Any\n");
  });

  it("writes keys that are not Python names in the functional form, and nullable enums as Optional", () => {
    expect(types).toContain(
      `_WidgetRequired = TypedDict("_WidgetRequired", {"id": "str", "object": "Literal[\\"widget\\"]", "from": "Optional[Literal[\\"a\\", \\"b\\"]]"`,
    );
  });

  it("makes methods: lists return pages, operators become __, keywords get a trailing _, undocumented answers are raw", () => {
    expect(resources).toContain("class WidgetsResource(Resource):");
    expect(resources).toMatch(
      /def list\(\s+self,\s+\*,\s+page: Optional\[int\] = None,\s+amount__gte: Optional\[float\] = None,\s+kind: Optional\[Union\[str, SequenceOf\[str\]\]\] = None,\s+\) -> Page\[Widget\]:/,
    );
    expect(resources).toContain(`"amount[gte]": amount__gte`);
    expect(resources).toMatch(
      /def create\(\s+self,\s+\*,\s+kind: Literal\["x", "y"\],\s+in_: Union\[str, NotGiven\] = NOT_GIVEN,\s+idempotency_key: Optional\[str\] = None,\s+\) -> WidgetWithSecret:/,
    );
    expect(resources).toContain(`body={"kind": kind, "in": in_}`);
    expect(resources).toMatch(/def spin\(\s+self,\s+id: str,\s+\*,\s+body: Any = NOT_GIVEN,\s+idempotency_key: Optional\[str\] = None,\s+\) -> RawResponse:/);
    expect(resources).toContain(`f"/v1/widgets/{_quote(id)}/spin"`);
  });
});
