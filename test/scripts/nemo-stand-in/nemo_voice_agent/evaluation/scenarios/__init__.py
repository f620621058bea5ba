"""Stand-in scenario registry: three small scenarios, one outside the suites evalsim simulates."""

import json


class _Scenario:
    def __init__(self, name, domain, agent_tools, user_tools):
        self.name = name
        self.domain = domain
        self._agent_tools = agent_tools
        self._user_tools = user_tools

    def get_agent_prompt(self):
        return f"Agent prompt of {self.name}.\n\nSecond paragraph."

    def get_user_prompt(self):
        return f"User prompt of {self.name}."

    def get_agent_tools(self):
        return json.dumps({n: {} for n in self._agent_tools})

    def get_user_tools(self):
        return json.dumps({n: {} for n in self._user_tools}) if self._user_tools else "{}"


_SCENARIOS = {
    "tau2_retail__7": ("tau2_retail", ["LookupTool", "EndConversationTool"], []),
    "tau2_telecom__no_service": ("tau2_telecom", ["lookup_line"], ["toggle_data"]),
    "qa__capital": ("qa", [], []),
}


def list_eval_scenarios():
    return list(_SCENARIOS)


def get_eval_scenario(name, **kwargs):
    if name not in _SCENARIOS:
        return None
    domain, agent, user = _SCENARIOS[name]
    return _Scenario(name, domain, agent, user)
