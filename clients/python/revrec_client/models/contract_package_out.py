from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.chained_fact_out import ChainedFactOut
  from ..models.contract_figures_out import ContractFiguresOut





T = TypeVar("T", bound="ContractPackageOut")



@_attrs_define
class ContractPackageOut:
    """ One contract of the package.

        Attributes:
            contract_id (str):
            currency (str):  Example: USD.
            customer_name (str):
            facts (list[ChainedFactOut]): Its facts, in the log's order.
            figures (ContractFiguresOut | None | Unset):
     """

    contract_id: str
    currency: str
    customer_name: str
    facts: list[ChainedFactOut]
    figures: ContractFiguresOut | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.chained_fact_out import ChainedFactOut # noqa: PLC0415
        from ..models.contract_figures_out import ContractFiguresOut # noqa: PLC0415
        contract_id = self.contract_id

        currency = self.currency

        customer_name = self.customer_name

        facts = []
        for facts_item_data in self.facts:
            facts_item = facts_item_data.to_dict()
            facts.append(facts_item)



        figures: dict[str, Any] | None | Unset
        if isinstance(self.figures, Unset):
            figures = UNSET
        elif isinstance(self.figures, ContractFiguresOut):
            figures = self.figures.to_dict()
        else:
            figures = self.figures


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "contract_id": contract_id,
            "currency": currency,
            "customer_name": customer_name,
            "facts": facts,
        })
        if figures is not UNSET:
            field_dict["figures"] = figures

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chained_fact_out import ChainedFactOut # noqa: PLC0415
        from ..models.contract_figures_out import ContractFiguresOut # noqa: PLC0415
        d = dict(src_dict)
        contract_id = d.pop("contract_id")

        currency = d.pop("currency")

        customer_name = d.pop("customer_name")

        facts = []
        _facts = d.pop("facts")
        for facts_item_data in (_facts):
            facts_item = ChainedFactOut.from_dict(facts_item_data)



            facts.append(facts_item)


        def _parse_figures(data: object) -> ContractFiguresOut | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                figures_type_1 = ContractFiguresOut.from_dict(data)



                return figures_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContractFiguresOut | None | Unset, data)

        figures = _parse_figures(d.pop("figures", UNSET))


        contract_package_out = cls(
            contract_id=contract_id,
            currency=currency,
            customer_name=customer_name,
            facts=facts,
            figures=figures,
        )


        contract_package_out.additional_properties = d
        return contract_package_out

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
