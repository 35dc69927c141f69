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
  from ..models.contract_balances import ContractBalances
  from ..models.note_6_response_disaggregated_revenue import Note6ResponseDisaggregatedRevenue
  from ..models.revenue_by_timing import RevenueByTiming
  from ..models.rpo_exclusion_out import RpoExclusionOut





T = TypeVar("T", bound="Note6Response")



@_attrs_define
class Note6Response:
    """ Note 6 disclosure data for a quarter. `period`, `rpo_total` and `disaggregated_revenue`
    are the spec's; the rest are extensions.

        Attributes:
            contract_balances (ContractBalances): Contract balances (ASC 606-10-50-8): deferred revenue is the contract
                liabilities.
            currency (str):
            disaggregated_revenue (Note6ResponseDisaggregatedRevenue): The quarter's revenue by `pob_type`.
            output_hash (str):
            period (str):  Example: 2026-Q1.
            revenue_by_timing (RevenueByTiming): Revenue by timing of transfer.
            rpo_next_12_months (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            rpo_thereafter (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            rpo_total (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            total_revenue (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            rpo_excluded (list[RpoExclusionOut] | Unset): What RPO leaves out under a practical expedient (ASC
                606-10-50-14(b)): present once
                the selection has a usage line, whose future usage is never in RPO.
     """

    contract_balances: ContractBalances
    currency: str
    disaggregated_revenue: Note6ResponseDisaggregatedRevenue
    output_hash: str
    period: str
    revenue_by_timing: RevenueByTiming
    rpo_next_12_months: Decimal
    rpo_thereafter: Decimal
    rpo_total: Decimal
    total_revenue: Decimal
    rpo_excluded: list[RpoExclusionOut] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.contract_balances import ContractBalances # noqa: PLC0415
        from ..models.note_6_response_disaggregated_revenue import Note6ResponseDisaggregatedRevenue # noqa: PLC0415
        from ..models.revenue_by_timing import RevenueByTiming # noqa: PLC0415
        from ..models.rpo_exclusion_out import RpoExclusionOut # noqa: PLC0415
        contract_balances = self.contract_balances.to_dict()

        currency = self.currency

        disaggregated_revenue = self.disaggregated_revenue.to_dict()

        output_hash = self.output_hash

        period = self.period

        revenue_by_timing = self.revenue_by_timing.to_dict()

        rpo_next_12_months = self.rpo_next_12_months

        rpo_thereafter = self.rpo_thereafter

        rpo_total = self.rpo_total

        total_revenue = self.total_revenue

        rpo_excluded: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.rpo_excluded, Unset):
            rpo_excluded = []
            for rpo_excluded_item_data in self.rpo_excluded:
                rpo_excluded_item = rpo_excluded_item_data.to_dict()
                rpo_excluded.append(rpo_excluded_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "contract_balances": contract_balances,
            "currency": currency,
            "disaggregated_revenue": disaggregated_revenue,
            "output_hash": output_hash,
            "period": period,
            "revenue_by_timing": revenue_by_timing,
            "rpo_next_12_months": rpo_next_12_months,
            "rpo_thereafter": rpo_thereafter,
            "rpo_total": rpo_total,
            "total_revenue": total_revenue,
        })
        if rpo_excluded is not UNSET:
            field_dict["rpo_excluded"] = rpo_excluded

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contract_balances import ContractBalances # noqa: PLC0415
        from ..models.note_6_response_disaggregated_revenue import Note6ResponseDisaggregatedRevenue # noqa: PLC0415
        from ..models.revenue_by_timing import RevenueByTiming # noqa: PLC0415
        from ..models.rpo_exclusion_out import RpoExclusionOut # noqa: PLC0415
        d = dict(src_dict)
        contract_balances = ContractBalances.from_dict(d.pop("contract_balances"))




        currency = d.pop("currency")

        disaggregated_revenue = Note6ResponseDisaggregatedRevenue.from_dict(d.pop("disaggregated_revenue"))




        output_hash = d.pop("output_hash")

        period = d.pop("period")

        revenue_by_timing = RevenueByTiming.from_dict(d.pop("revenue_by_timing"))




        rpo_next_12_months = Decimal(d.pop("rpo_next_12_months"))




        rpo_thereafter = Decimal(d.pop("rpo_thereafter"))




        rpo_total = Decimal(d.pop("rpo_total"))




        total_revenue = Decimal(d.pop("total_revenue"))




        _rpo_excluded = d.pop("rpo_excluded", UNSET)
        rpo_excluded: list[RpoExclusionOut] | Unset = UNSET
        if _rpo_excluded is not UNSET:
            rpo_excluded = []
            for rpo_excluded_item_data in _rpo_excluded:
                rpo_excluded_item = RpoExclusionOut.from_dict(rpo_excluded_item_data)



                rpo_excluded.append(rpo_excluded_item)


        note_6_response = cls(
            contract_balances=contract_balances,
            currency=currency,
            disaggregated_revenue=disaggregated_revenue,
            output_hash=output_hash,
            period=period,
            revenue_by_timing=revenue_by_timing,
            rpo_next_12_months=rpo_next_12_months,
            rpo_thereafter=rpo_thereafter,
            rpo_total=rpo_total,
            total_revenue=total_revenue,
            rpo_excluded=rpo_excluded,
        )


        note_6_response.additional_properties = d
        return note_6_response

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
