"""Stand-in tool registry: one tool with a pipecat-style schema object, others with plain attributes."""


class _FunctionSchema:
    def __init__(self, name, description, properties, required):
        self.name, self.description, self.properties, self.required = name, description, properties, required

    def to_default_dict(self):
        return {"name": self.name, "description": self.description, "parameters": {"type": "object", "properties": self.properties, "required": self.required}}


class _Tool:
    def __init__(self, name, description, properties, required, with_schema):
        self.name, self.description = name, description
        self.properties, self.required_properties = properties, required
        self._with_schema = with_schema

    @property
    def schema(self):
        if self._with_schema:
            return _FunctionSchema(self.name, self.description, self.properties, self.required_properties)
        return None


_TOOLS = {
    ("tau2_retail", "LookupTool"): ("Look an order up.", {"order_id": {"type": "string", "description": "The order id, such as '#W0000000'."}}, ["order_id"], True),
    ("default", "EndConversationTool"): ("End the call.", {}, [], True),
    ("tau2_telecom", "lookup_line"): ("Find a line.", {"line_id": {"type": "string", "description": "Line ID."}}, ["line_id"], False),
    ("tau2_telecom", "toggle_data"): ("Toggle mobile data.", {}, [], False),
}


def get_schema_tool_for_eval(name, domain="default", rtvi=None, shared_state=None, **kwargs):
    spec = _TOOLS.get((domain, name)) or _TOOLS.get(("default", name))
    if spec is None:
        raise KeyError(name)
    return _Tool(name, *spec)
